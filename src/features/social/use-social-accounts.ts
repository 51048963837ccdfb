import { useCallback, useEffect, useState } from 'react';
import { disconnectAccount, fetchAccounts, type SocialAccount } from './social-accounts';
import type { SocialPlatform } from './social-texts';

export type AccountsByPlatform = Record<SocialPlatform, SocialAccount[]>;

const NONE: AccountsByPlatform = { facebook: [], linkedin: [] };

async function readAccounts(userId: string): Promise<AccountsByPlatform | null> {
  try {
    const [facebook, linkedin] = await Promise.all([
      fetchAccounts(userId, 'facebook'),
      fetchAccounts(userId, 'linkedin'),
    ]);
    return { facebook, linkedin };
  } catch (error) {
    // The spec's data layer: logged, shown as an empty list.
    console.warn('Failed to load connected accounts', error);
    return null;
  }
}

/** The user's active connected accounts, read from the server (they are not kept on the device). */
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
      setLoaded((current) =>
        current && current.userId === userId
          ? {
              userId,
              accounts: {
                ...current.accounts,
                [account.platform]: current.accounts[account.platform].filter(
                  (a) => a.id !== account.id,
                ),
              },
            }
          : current,
      );
    },
    [userId],
  );

  const accounts = loaded && loaded.userId === userId ? loaded.accounts : NONE;
  return { accounts, reload, disconnect };
}
