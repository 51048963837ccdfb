import { useCallback, useEffect, useState } from 'react';
import { rememberAccounts, rememberedAccounts } from './remembered-accounts';
import { disconnectAccount, fetchAccounts, type SocialAccount } from './social-accounts';
import type { SocialPlatform } from './social-texts';

export type AccountsByPlatform = Record<SocialPlatform, SocialAccount[]>;

const NONE: AccountsByPlatform = { facebook: [], linkedin: [] };

/** Best effort: a device without IndexedDB (or a full disk) simply has no remembered list. */
async function remember(userId: string, accounts: AccountsByPlatform): Promise<void> {
  try {
    await rememberAccounts(userId, accounts);
  } catch {
    // Nothing to do: the next read from the server tries again.
  }
}

/**
 * The user's active accounts from the server (remembered on the device), or the list last
 * remembered when the server cannot be reached; null when there is neither.
 */
export async function readAccounts(userId: string): Promise<AccountsByPlatform | null> {
  try {
    const [facebook, linkedin] = await Promise.all([
      fetchAccounts(userId, 'facebook'),
      fetchAccounts(userId, 'linkedin'),
    ]);
    const accounts = { facebook, linkedin };
    // Not awaited: the list shows as soon as it is read.
    void remember(userId, accounts);
    return accounts;
  } catch (error) {
    // The spec's data layer: logged (the error only, never the accounts), shown as an empty list;
    // offline, the list last read on this device stands in.
    console.warn(
      'Failed to load connected accounts',
      error instanceof Error ? error.message : error,
    );
    try {
      return await rememberedAccounts(userId);
    } catch {
      return null;
    }
  }
}

/**
 * The user's active connected accounts, read from the server; the last list read is remembered on
 * the device, so scheduling can choose pages offline.
 */
export function useSocialAccounts(userId: string | null) {
  const [loaded, setLoaded] = useState<{ userId: string; accounts: AccountsByPlatform } | null>(
    null,
  );

  useEffect(() => {
    if (!userId) return;
    let live = true;
    void readAccounts(userId).then((accounts) => {
      if (live && accounts) setLoaded({ userId, accounts });
    });
    return () => {
      live = false;
    };
  }, [userId]);

  const reload = useCallback(async () => {
    if (!userId) return;
    const accounts = await readAccounts(userId);
    if (accounts) setLoaded({ userId, accounts });
  }, [userId]);

  const disconnect = useCallback(
    async (account: SocialAccount) => {
      if (!userId) throw new Error('Not authenticated');
      await disconnectAccount(userId, account.id);
      setLoaded((current) => {
        if (!current || current.userId !== userId) return current;
        const accounts = {
          ...current.accounts,
          [account.platform]: current.accounts[account.platform].filter((a) => a.id !== account.id),
        };
        void remember(userId, accounts);
        return { userId, accounts };
      });
    },
    [userId],
  );

  const current = loaded && loaded.userId === userId ? loaded : null;
  return { accounts: current?.accounts ?? NONE, loaded: current !== null, reload, disconnect };
}
