import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAppDb, type AppDb } from '../../lib/db';
import { rememberAccounts, rememberedAccounts } from './remembered-accounts';
import type { SocialAccount } from './social-accounts';

let db: AppDb;

beforeEach(() => {
  db = openAppDb(`remembered-accounts-${crypto.randomUUID()}`);
});

afterEach(async () => {
  await db.delete();
});

const page: SocialAccount = {
  id: 'fb-1',
  platform: 'facebook',
  accountName: 'Bloom Bakery',
  category: 'Bakery',
  connectionStatus: 'reconnect_needed',
  connectionError: 'The connection expired.',
};

describe('remembered accounts', () => {
  it('keeps the last list per user on the device, and nothing for another user', async () => {
    expect(await rememberedAccounts('u1', db)).toBeNull();
    await rememberAccounts('u1', { facebook: [page], linkedin: [] }, db);
    expect(await rememberedAccounts('u1', db)).toEqual({ facebook: [page], linkedin: [] });
    expect(await rememberedAccounts('u2', db)).toBeNull();
  });

  it('drops malformed entries instead of failing', async () => {
    await db.kv.put({
      key: 'social-accounts:u1',
      value: JSON.stringify({ facebook: [{ platform: 'facebook' }, page, 7], linkedin: 'x' }),
    });
    expect(await rememberedAccounts('u1', db)).toEqual({ facebook: [page], linkedin: [] });
    await db.kv.put({ key: 'social-accounts:u1', value: '{not json' });
    expect(await rememberedAccounts('u1', db)).toBeNull();
  });
});
