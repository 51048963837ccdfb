import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import {
  addAccount,
  claim,
  finish,
  inMinutes,
  LOCKED,
  makeDue,
  noticesOf,
  postData,
  postDelete,
  postRow,
  postUpsert,
  schedule,
  targetsOf,
} from './publishing-helpers.ts';
import { createUser, type TestUser } from './rest-helpers.ts';
import { pullEntities, push } from './sync-helpers.ts';

// The database side of scheduling (docs/publishing.md, "Database"): scheduled posts through sync,
// the targets the server builds from them, the lock once publishing has started, cancelling, the
// post's status, and what a signed-in user may not do. The publisher's RPCs:
// publishing-publisher-sql.test.ts.

let server: TestServer;
let service: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer();
  service = server.serviceClient();
});

afterAll(async () => {
  await server?.close();
});

describe('scheduled_posts through sync_push and sync_pull', () => {
  it('applies a post, answers a replay as a duplicate, and pulls the post and its targets', async () => {
    const u = await createUser(server);
    const page = await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
    const id = randomUUID();
    const m = postUpsert(id, postData({ status: 'published', publish_mode: 'optimal' }));
    const [first] = await push(u.client, [m]);
    expect(first).toMatchObject({
      status: 'applied',
      version: 1,
      // A status sent by the client is ignored: it is the server's aggregate.
      row: { id, user_id: u.userId, status: 'scheduled', publish_mode: 'optimal' },
    });
    expect(first!.row).not.toHaveProperty('txid');
    const [again] = await push(u.client, [m]);
    expect(again).toMatchObject({ status: 'duplicate', outcome: 'applied', version: 1 });

    const pulled = await pullEntities(u.client, ['scheduled_posts', 'publish_targets']);
    expect(pulled.changes.scheduled_posts).toEqual([
      expect.objectContaining({ id, status: 'scheduled' }),
    ]);
    expect(pulled.changes.publish_targets).toEqual([
      expect.objectContaining({
        post_id: id,
        platform: 'facebook',
        account_id: page,
        account_name: 'Bloom Cafe',
        kind: 'auto',
        status: 'scheduled',
      }),
    ]);
    expect(pulled.changes.publish_targets![0]).not.toHaveProperty('attempt_id');

    const other = await createUser(server);
    const theirs = await pullEntities(other.client, ['scheduled_posts', 'publish_targets']);
    expect(theirs.changes).toEqual({ scheduled_posts: [], publish_targets: [] });
  });

  it('refuses bad values with a data SQLSTATE', async () => {
    const u = await createUser(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ content: '   ' }, '23514'],
      [{ platforms: [] }, '23514'],
      [{ platforms: ['myspace'] }, '23514'],
      [{ publish_mode: 'later' }, '23514'],
      [{ scheduled_for: null }, '23502'],
      [{ account_ids: 'abc' }, '22023'],
      [{ time_rule: 'x'.repeat(301) }, '23514'],
    ];
    for (const [extra, code] of cases) {
      const [r] = await push(u.client, [postUpsert(randomUUID(), postData(extra))]);
      expect(r, JSON.stringify(extra)).toMatchObject({ status: 'rejected', error: { code } });
    }
  });
});

describe('targets built from the post', () => {
  async function targetsFor(u: TestUser, extra: Record<string, unknown>) {
    const { id } = await schedule(u.client, extra);
    return (await targetsOf(server, id)).map((t) => ({
      platform: t.platform,
      account_id: t.account_id,
      kind: t.kind,
      error_code: t.error_code,
    }));
  }

  it('one connected account: its target, chosen or not', async () => {
    const u = await createUser(server);
    const page = await addAccount(server, u.userId, 'facebook', 'Only Page');
    const expected = [{ platform: 'facebook', account_id: page, kind: 'auto', error_code: null }];
    expect(await targetsFor(u, { account_ids: [] })).toEqual(expected);
    expect(await targetsFor(u, { account_ids: [page] })).toEqual(expected);
  });

  it('several accounts: one target per chosen one, else one to post yourself', async () => {
    const u = await createUser(server);
    const a = await addAccount(server, u.userId, 'facebook', 'A Page');
    const b = await addAccount(server, u.userId, 'facebook', 'B Page');
    const li = await addAccount(server, u.userId, 'linkedin', 'Ada Lovelace');
    expect(
      await targetsFor(u, { platforms: ['facebook', 'linkedin'], account_ids: [a, b] }),
    ).toEqual([
      { platform: 'facebook', account_id: a, kind: 'auto', error_code: null },
      { platform: 'facebook', account_id: b, kind: 'auto', error_code: null },
      { platform: 'linkedin', account_id: li, kind: 'auto', error_code: null },
    ]);
    expect(await targetsFor(u, { account_ids: [b] })).toEqual([
      { platform: 'facebook', account_id: b, kind: 'auto', error_code: null },
    ]);
    expect(await targetsFor(u, { account_ids: [] })).toEqual([
      { platform: 'facebook', account_id: null, kind: 'manual', error_code: 'no_account_chosen' },
    ]);
  });

  it('no account: one target to post yourself; Instagram and X are always posted by hand', async () => {
    const u = await createUser(server);
    expect(
      await targetsFor(u, { platforms: ['twitter', 'linkedin', 'instagram', 'linkedin'] }),
    ).toEqual([
      { platform: 'instagram', account_id: null, kind: 'manual', error_code: null },
      { platform: 'linkedin', account_id: null, kind: 'manual', error_code: 'no_account' },
      { platform: 'twitter', account_id: null, kind: 'manual', error_code: null },
    ]);
  });

  it("uses only the user's own active accounts, whatever ids the post names", async () => {
    const u = await createUser(server);
    const mallory = await createUser(server);
    const theirs = await addAccount(server, u.userId, 'facebook', 'Victim Page');
    const mine = await addAccount(server, mallory.userId, 'facebook', 'Mallory Page');
    const old = await addAccount(server, mallory.userId, 'facebook', 'Old Page');
    await server.db.query(
      'update public.social_media_accounts set is_active = false where id = $1',
      [old],
    );
    // Someone else's account and a disconnected one count as not chosen: the one active own
    // account gets the target.
    expect(await targetsFor(mallory, { account_ids: [theirs, old] })).toEqual([
      { platform: 'facebook', account_id: mine, kind: 'auto', error_code: null },
    ]);
    // The same through a direct REST insert.
    const id = randomUUID();
    const { error } = await mallory.client
      .from('scheduled_posts')
      .insert({ id, ...postData({ account_ids: [theirs], status: 'published' }) });
    expect(error).toBeNull();
    expect((await postRow(server, id))!.status).toBe('scheduled');
    const targets = await targetsOf(server, id);
    expect(targets.map((t) => [t.account_id, t.user_id])).toEqual([[mine, mallory.userId]]);
  });
});

describe('editing and cancelling', () => {
  it('two devices edit an unlocked post: the newest write wins and the targets follow', async () => {
    const u = await createUser(server);
    const page = await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
    const li = await addAccount(server, u.userId, 'linkedin', 'Ada Lovelace');
    const { id } = await schedule(u.client);
    const [fb] = await targetsOf(server, id);
    const cursor = (await pullEntities(u.client, ['publish_targets'])).cursor;

    // Both devices hold version 1; neither edit is a conflict.
    const later = inMinutes(120);
    const [phone] = await push(u.client, [
      { ...postUpsert(id, { content: 'Phone text' }), base_version: 1 },
    ]);
    const [laptop] = await push(u.client, [
      {
        ...postUpsert(id, { scheduled_for: later, platforms: ['linkedin', 'facebook'] }),
        base_version: 1,
      },
    ]);
    expect(phone).toMatchObject({ status: 'applied', version: 2 });
    expect(laptop).toMatchObject({
      status: 'applied',
      version: 3,
      row: { content: 'Phone text', platforms: ['facebook', 'linkedin'] },
    });
    expect(laptop!.copy ?? null).toBeNull();

    const targets = await targetsOf(server, id);
    expect(targets.map((t) => [t.platform, t.account_id])).toEqual([
      ['facebook', page],
      ['linkedin', li],
    ]);
    // The Facebook target is the same row, moved to the new time.
    expect(targets[0]!.id).toBe(fb!.id);
    expect(new Date(targets[0]!.due_at).toISOString()).toBe(later);

    // Dropping Facebook removes its target; the other devices pull its tombstone.
    await push(u.client, [postUpsert(id, { platforms: ['linkedin'] })]);
    expect((await targetsOf(server, id)).map((t) => t.platform)).toEqual(['linkedin']);
    const after = await pullEntities(u.client, ['publish_targets'], cursor);
    expect(after.changes.publish_targets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: fb!.id, deleted_at: expect.any(String) }),
        expect.objectContaining({ platform: 'linkedin', status: 'scheduled' }),
      ]),
    );
  });

  it('cancel: a sync delete tombstones the post and cancels its targets', async () => {
    const u = await createUser(server);
    await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
    const { id } = await schedule(u.client, { platforms: ['facebook', 'instagram'] });
    const gone = postDelete(id);
    const [r] = await push(u.client, [gone]);
    expect(r).toMatchObject({
      status: 'applied',
      row: { id, status: 'cancelled', deleted_at: expect.any(String) },
    });
    expect((await push(u.client, [gone]))[0]).toMatchObject({ status: 'duplicate' });
    expect((await targetsOf(server, id)).map((t) => t.status)).toEqual(['cancelled', 'cancelled']);
    const pulled = await pullEntities(u.client, ['scheduled_posts']);
    expect(pulled.changes.scheduled_posts).toEqual([
      expect.objectContaining({ id, status: 'cancelled', deleted_at: expect.any(String) }),
    ]);
    // A cancelled post is never claimed, even once due.
    await server.db.query('update public.publish_targets set due_at = now() where post_id = $1', [
      id,
    ]);
    expect((await claim(service)).filter((c) => c.post_id === id)).toEqual([]);
    expect((await targetsOf(server, id)).map((t) => t.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('a later upsert of a cancelled post schedules it again (the newest write wins)', async () => {
    const u = await createUser(server);
    await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
    const { id } = await schedule(u.client);
    const [before] = await targetsOf(server, id);
    await push(u.client, [postDelete(id)]);
    const [r] = await push(u.client, [postUpsert(id, { content: 'Back on' })]);
    expect(r).toMatchObject({ status: 'applied', row: { status: 'scheduled', deleted_at: null } });
    expect(await targetsOf(server, id)).toEqual([
      expect.objectContaining({ id: before!.id, status: 'scheduled' }),
    ]);
  });
});

describe('the lock once publishing has started', () => {
  async function claimedPost(u: TestUser) {
    await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
    const { id } = await schedule(u.client);
    await makeDue(server, id);
    const claimed = (await claim(service)).filter((c) => c.post_id === id);
    expect(claimed).toHaveLength(1);
    return { id, claimed: claimed[0]! };
  }

  it('refuses edits and deletes through sync (P0001, parked by the app)', async () => {
    const u = await createUser(server);
    const { id } = await claimedPost(u);
    const attempts = [
      postUpsert(id, { content: 'Changed' }),
      postUpsert(id, { scheduled_for: inMinutes(30) }),
      postUpsert(id, { platforms: ['facebook', 'linkedin'] }),
      postUpsert(id, { account_ids: [randomUUID()] }),
      postDelete(id),
    ];
    for (const m of attempts) {
      const [r] = await push(u.client, [m]);
      expect(r, JSON.stringify(m.data)).toMatchObject({
        status: 'rejected',
        error: { code: 'P0001', message: LOCKED },
      });
    }
    // What does not change what is published still saves.
    const [same] = await push(u.client, [postUpsert(id, { time_rule: 'Weekday lunch' })]);
    expect(same).toMatchObject({ status: 'applied', row: { status: 'publishing' } });
    expect(await postRow(server, id)).toMatchObject({
      content: 'Spring sale starts today',
      deleted_at: null,
      status: 'publishing',
    });
  });

  it('refuses direct REST updates and deletes too, and a user never sets the status', async () => {
    const u = await createUser(server);
    const { id } = await claimedPost(u);
    const upd = await u.client
      .from('scheduled_posts')
      .update({ content: 'REST edit' })
      .eq('id', id);
    expect(upd.error).toMatchObject({ code: 'P0001', message: LOCKED });
    const soft = await u.client
      .from('scheduled_posts')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', id);
    expect(soft.error).toMatchObject({ code: 'P0001', message: LOCKED });
    const del = await u.client.from('scheduled_posts').delete().eq('id', id);
    expect(del.error).toMatchObject({ code: 'P0001', message: LOCKED });
    const status = await u.client
      .from('scheduled_posts')
      .update({ status: 'published' })
      .eq('id', id);
    expect(status.error).toBeNull();
    expect(await postRow(server, id)).toMatchObject({
      content: 'Spring sale starts today',
      status: 'publishing',
    });
    expect(await targetsOf(server, id)).toHaveLength(1);
  });

  it('holds once a reminder fired, and after a retry put the target back in scheduled', async () => {
    const u = await createUser(server);
    const { id } = await schedule(u.client, { platforms: ['instagram'] });
    await makeDue(server, id);
    await claim(service);
    expect((await targetsOf(server, id))[0]!.status).toBe('reminder');
    const [r] = await push(u.client, [postUpsert(id, { content: 'Too late' })]);
    expect(r).toMatchObject({ status: 'rejected', error: { code: 'P0001' } });

    const v = await createUser(server);
    const { id: retried, claimed } = await claimedPost(v);
    await finish(service, claimed.id, claimed.attempt_id, {
      status: 'retry',
      retry_at: inMinutes(5),
      error_code: 'rate_limited',
      error_message: 'Too many requests',
    });
    expect((await targetsOf(server, retried))[0]!.status).toBe('scheduled');
    const [again] = await push(v.client, [postDelete(retried)]);
    expect(again).toMatchObject({ status: 'rejected', error: { code: 'P0001', message: LOCKED } });
  });

  it('an unlocked post is edited and deleted by REST as well', async () => {
    const u = await createUser(server);
    await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
    const { id } = await schedule(u.client);
    const later = inMinutes(90);
    const upd = await u.client
      .from('scheduled_posts')
      .update({ content: 'REST edit', scheduled_for: later })
      .eq('id', id);
    expect(upd.error).toBeNull();
    expect(new Date((await targetsOf(server, id))[0]!.due_at).toISOString()).toBe(later);
    const del = await u.client.from('scheduled_posts').delete().eq('id', id);
    expect(del.error).toBeNull();
    expect(await targetsOf(server, id)).toEqual([]);
  });
});

describe("the post's status follows its targets", () => {
  it('aggregates the targets as the contract says', async () => {
    const u = await createUser(server);
    await addAccount(server, u.userId, 'facebook', 'A Page');
    await addAccount(server, u.userId, 'facebook', 'B Page');
    const accounts = (
      await server.db.query<{ id: string }>(
        'select id from public.social_media_accounts where user_id = $1 order by account_name',
        [u.userId],
      )
    ).rows.map((r) => r.id);
    const { id } = await schedule(u.client, { account_ids: accounts });
    const [a, b] = await targetsOf(server, id);
    const set = async (target: string, status: string) =>
      server.db.query('update public.publish_targets set status = $2 where id = $1', [
        target,
        status,
      ]);
    const cases: [string, string, string][] = [
      ['scheduled', 'scheduled', 'scheduled'],
      ['publishing', 'scheduled', 'publishing'],
      ['published', 'scheduled', 'publishing'],
      ['published', 'failed', 'failed'],
      ['failed', 'needs_attention', 'needs_attention'],
      ['reminder', 'published', 'needs_attention'],
      ['published', 'posted', 'published'],
      ['published', 'cancelled', 'published'],
      ['cancelled', 'cancelled', 'cancelled'],
    ];
    for (const [sa, sb, expected] of cases) {
      await set(a!.id, sa);
      await set(b!.id, sb);
      expect((await postRow(server, id))!.status, `${sa} + ${sb}`).toBe(expected);
    }
  });
});

describe('what a signed-in user may not do', () => {
  it('writes no publish target: pushes are refused, REST writes denied', async () => {
    const u = await createUser(server);
    await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
    const { id } = await schedule(u.client);
    const [target] = await targetsOf(server, id);
    const pushes = [
      {
        mutation_id: randomUUID(),
        entity: 'publish_targets',
        op: 'upsert',
        id: target!.id,
        base_version: 1,
        data: { status: 'published' },
      },
      {
        mutation_id: randomUUID(),
        entity: 'publish_targets',
        op: 'upsert',
        id: randomUUID(),
        base_version: null,
        data: { post_id: id, platform: 'facebook', kind: 'auto', due_at: inMinutes(1) },
      },
      {
        mutation_id: randomUUID(),
        entity: 'publish_targets',
        op: 'delete',
        id: target!.id,
        base_version: 1,
        data: null,
      },
    ];
    for (const r of await push(u.client, pushes)) {
      expect(r).toMatchObject({
        status: 'rejected',
        error: { code: '42501', message: 'Publish targets are written by the server.' },
      });
    }
    const ins = await u.client.from('publish_targets').insert({
      user_id: u.userId,
      post_id: id,
      platform: 'facebook',
      kind: 'auto',
      due_at: inMinutes(1),
    });
    expect(ins.error).toMatchObject({ code: '42501' });
    const upd = await u.client
      .from('publish_targets')
      .update({ status: 'published' })
      .eq('id', target!.id);
    expect(upd.error).toMatchObject({ code: '42501' });
    const del = await u.client.from('publish_targets').delete().eq('id', target!.id);
    expect(del.error).toMatchObject({ code: '42501' });
    expect(await targetsOf(server, id)).toEqual([
      expect.objectContaining({ id: target!.id, status: 'scheduled', version: 1 }),
    ]);
    // Reading their own is allowed; another user reads nothing.
    const own = await u.client.from('publish_targets').select('id').eq('post_id', id);
    expect(own.data).toEqual([{ id: target!.id }]);
    const other = await createUser(server);
    const theirs = await other.client.from('publish_targets').select('id').eq('post_id', id);
    expect(theirs.data).toEqual([]);
  });

  it("changes no one else's post, and cannot mark their own account as reconnected", async () => {
    const u = await createUser(server);
    const mallory = await createUser(server);
    const page = await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
    const { id } = await schedule(u.client);
    const [r] = await push(mallory.client, [postUpsert(id, postData({ content: 'Hijacked' }))]);
    expect(r).toMatchObject({ status: 'rejected', error: { code: '23505' } });
    const [d] = await push(mallory.client, [postDelete(id)]);
    expect(d).toMatchObject({ status: 'applied', row: null });
    const upd = await mallory.client.from('scheduled_posts').update({ content: 'x' }).eq('id', id);
    expect(upd.error).toBeNull();
    expect(await postRow(server, id)).toMatchObject({
      content: 'Spring sale starts today',
      deleted_at: null,
    });

    await server.db.query(
      `update public.social_media_accounts
          set connection_status = 'reconnect_needed', connection_error = 'Token expired'
        where id = $1`,
      [page],
    );
    const flip = await u.client
      .from('social_media_accounts')
      .update({ connection_status: 'connected', connection_error: null, account_name: 'Renamed' })
      .eq('id', page);
    expect(flip.error).toBeNull();
    const { rows } = await server.db.query(
      'select account_name, connection_status, connection_error from public.social_media_accounts where id = $1',
      [page],
    );
    expect(rows).toEqual([
      {
        account_name: 'Renamed',
        connection_status: 'reconnect_needed',
        connection_error: 'Token expired',
      },
    ]);
    expect(await noticesOf(server, mallory.userId)).toEqual([]);
  });
});
