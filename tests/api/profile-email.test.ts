import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followMailLink, mailTo } from './auth-helpers.ts';
import { startTestServer, uniqueEmail, type TestServer } from './harness.ts';
import { pullEntities, push } from './sync-helpers.ts';

// Settings → Profile: the email changes through the account's confirmation links, and the
// profile row follows it (20261124000700_profile_email_follows_auth.sql); a field the user empties
// is sent as null and stored as null.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const SETTINGS = 'http://localhost:5173/settings';

function profile(id: string, data: Record<string, unknown>, base: number | null = null) {
  return {
    mutation_id: randomUUID(),
    entity: 'user_profiles',
    op: 'upsert',
    id,
    base_version: base,
    data,
  };
}

async function profileRow(userId: string): Promise<Record<string, unknown> | undefined> {
  const { rows } = await server.db.query<Record<string, unknown>>(
    'select email, first_name, company, bio, version::int as version from public.user_profiles where id = $1',
    [userId],
  );
  return rows[0];
}

/** Asks for the change through supabase-js, as the profile tab does, and follows both links. */
async function changeEmail(client: SupabaseClient, current: string, next: string) {
  const { data, error } = await client.auth.updateUser(
    { email: next },
    { emailRedirectTo: SETTINGS },
  );
  expect(error).toBeNull();
  expect(data.user?.new_email).toBe(next);
  const [toNew] = await mailTo(server, next);
  const [toCurrent] = (await mailTo(server, current)).filter(
    (m) => m.subject === 'Confirm Email Change',
  );
  expect(toNew?.link).toBeTruthy();
  expect(toCurrent?.link).toBeTruthy();
  return { next: toNew!.link!, current: toCurrent!.link! };
}

describe('user_profiles.email follows the account email', () => {
  it('changes only once the links are followed; the row’s version bumps and a pull brings it', async () => {
    const { client, userId, email } = await server.signedInClient();
    const [created] = await push(client, [
      profile(userId, { email, first_name: 'Ada', company: 'Engines', bio: 'Counts' }),
    ]);
    expect(created).toMatchObject({ status: 'applied', version: 1 });
    const before = await pullEntities(client, ['user_profiles']);
    expect(before.changes.user_profiles).toMatchObject([{ id: userId, email, version: 1 }]);

    const newEmail = uniqueEmail('moved');
    const links = await changeEmail(client, email, newEmail);
    // Asking is not a write of the profile.
    expect(await profileRow(userId)).toMatchObject({ email, version: 1 });

    const first = await followMailLink(links.next);
    expect(first.status).toBe(303);
    expect(await profileRow(userId)).toMatchObject({ email, version: 1 });
    const confirmed = await followMailLink(links.current);
    expect(confirmed.fragment.get('type')).toBe('email_change');

    expect(await profileRow(userId)).toEqual({
      email: newEmail,
      first_name: 'Ada',
      company: 'Engines',
      bio: 'Counts',
      version: 2,
    });
    const after = await pullEntities(client, ['user_profiles'], before.cursor);
    expect(after.changes.user_profiles).toMatchObject([
      { id: userId, email: newEmail, version: 2 },
    ]);

    // The session the link hands over sees the moved account, and the app's own profile read too.
    const session = await server.anonClient().auth.getUser(confirmed.fragment.get('access_token')!);
    expect(session.data.user?.email).toBe(newEmail);
    const { data: rest } = await client.from('user_profiles').select('email').eq('id', userId);
    expect(rest).toEqual([{ email: newEmail }]);
  });

  it('an account without a profile row gets none from an email change', async () => {
    const { client, userId, email } = await server.signedInClient();
    const links = await changeEmail(client, email, uniqueEmail('norow'));
    await followMailLink(links.current);
    await followMailLink(links.next);
    expect(await profileRow(userId)).toBeUndefined();
  });

  it('another user cannot change this profile, its email included', async () => {
    const alice = await server.signedInClient();
    const bob = await server.signedInClient();
    await push(alice.client, [profile(alice.userId, { email: alice.email, first_name: 'Alice' })]);

    const [bySync] = await push(bob.client, [
      profile(alice.userId, { email: bob.email, first_name: 'Mallory', bio: null }, 1),
    ]);
    expect(bySync).toMatchObject({ status: 'rejected', error: { code: '42501' } });

    const byRest = await bob.client
      .from('user_profiles')
      .update({ email: bob.email, first_name: 'Mallory' })
      .eq('id', alice.userId)
      .select();
    expect(byRest.error).toBeNull();
    expect(byRest.data).toEqual([]);

    // Bob moving his own account touches only his own row.
    await push(bob.client, [profile(bob.userId, { email: bob.email })]);
    const bobsNew = uniqueEmail('bob');
    const links = await changeEmail(bob.client, bob.email, bobsNew);
    await followMailLink(links.current);
    await followMailLink(links.next);
    expect(await profileRow(bob.userId)).toMatchObject({ email: bobsNew, version: 2 });
    expect(await profileRow(alice.userId)).toMatchObject({
      email: alice.email,
      first_name: 'Alice',
      version: 1,
    });
  });
});

describe('a field emptied in Settings', () => {
  it('is sent as null and stored as null; an absent field is kept', async () => {
    const { client, userId, email } = await server.signedInClient();
    await push(client, [
      profile(userId, { email, first_name: 'Ada', company: 'Engines', bio: 'Hi' }),
    ]);
    // What the profile tab sends when the user empties company and edits the first name.
    const [cleared] = await push(client, [
      profile(userId, { email, first_name: 'Augusta', company: null }, 1),
    ]);
    expect(cleared).toMatchObject({
      status: 'applied',
      version: 2,
      row: { first_name: 'Augusta', company: null, bio: 'Hi' },
    });
    expect(await profileRow(userId)).toEqual({
      email,
      first_name: 'Augusta',
      company: null,
      bio: 'Hi',
      version: 2,
    });
  });
});
