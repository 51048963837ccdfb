import { appDb } from '../../lib/app-db';
import type { AppDb } from '../../lib/db';
import { accountsFromStored, type SocialAccount } from './social-accounts';
import type { SocialPlatform } from './social-texts';

// The last account list read from the server, kept on the device so scheduling (the page picker)
// works offline. Names and ids only: the tokens never leave the server.
const keyOf = (userId: string) => `social-accounts:${userId}`;

export type StoredAccounts = Record<SocialPlatform, SocialAccount[]>;

export async function rememberAccounts(
  userId: string,
  accounts: StoredAccounts,
  given?: AppDb,
): Promise<void> {
  const db = given ?? (await appDb());
  await db.kv.put({ key: keyOf(userId), value: JSON.stringify(accounts) });
}

/** The remembered list, or null when this device never read one for the user. */
export async function rememberedAccounts(
  userId: string,
  given?: AppDb,
): Promise<StoredAccounts | null> {
  const db = given ?? (await appDb());
  const row = await db.kv.get(keyOf(userId));
  if (!row) return null;
  try {
    const parsed = JSON.parse(row.value) as Record<string, unknown>;
    return {
      facebook: accountsFromStored(parsed.facebook),
      linkedin: accountsFromStored(parsed.linkedin),
    };
  } catch {
    return null;
  }
}
