import { randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { pullEntities, push } from './sync-helpers.ts';

// The sync registry (supabase/migrations/20261124000200_sync_registry.sql): a table, its row-level
// security, an apply function, a row-to-JSON function and ONE private.sync_register_entity call
// make a synced entity — sync_push and sync_pull are not touched.

let server: TestServer;
let alice: { client: SupabaseClient; userId: string };
let bob: { client: SupabaseClient; userId: string };

// Unique per run, so nothing clashes with another test's objects.
const table = `sync_notes_${randomBytes(4).toString('hex')}`;

const entitySql = `
  create table public.${table} (
    id uuid primary key,
    user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
    title text not null default '',
    version bigint not null default 1,
    last_mutation_id uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create trigger ${table}_bump_version before insert or update on public.${table}
    for each row execute function public.bump_row_version();
  alter table public.${table} enable row level security;
  grant select, insert, update, delete on public.${table} to authenticated;
  create policy "Owner can read" on public.${table}
    for select to authenticated using ((select auth.uid()) = user_id);
  create policy "Owner can insert" on public.${table}
    for insert to authenticated with check ((select auth.uid()) = user_id);
  create policy "Owner can update" on public.${table}
    for update to authenticated using ((select auth.uid()) = user_id)
    with check ((select auth.uid()) = user_id);
  create policy "Owner can delete" on public.${table}
    for delete to authenticated using ((select auth.uid()) = user_id);

  create function private.${table}_json(r public.${table}) returns jsonb
  language sql stable set search_path = ''
  as $$ select case when r.id is null then null else pg_catalog.to_jsonb(r) - 'txid' end $$;

  -- Last write wins; a delete removes the row (the registry's trigger leaves the tombstone).
  create function private.sync_apply_${table}(m jsonb) returns jsonb
  language plpgsql security invoker set search_path = ''
  as $$
  declare
    rid uuid := (m ->> 'id')::uuid;
    res public.${table};
  begin
    if m ->> 'op' = 'delete' then
      delete from public.${table} where id = rid;
      return pg_catalog.jsonb_build_object('status', 'applied', 'version', null, 'row', null);
    end if;
    insert into public.${table} (id, title, last_mutation_id)
    values (rid, coalesce(m -> 'data' ->> 'title', ''), (m ->> 'mutation_id')::uuid)
    on conflict (id) do update set title = excluded.title, last_mutation_id = excluded.last_mutation_id
    returning * into res;
    return pg_catalog.jsonb_build_object('status', 'applied', 'version', res.version,
                                         'row', private.${table}_json(res));
  end;
  $$;

  revoke all on function private.${table}_json(public.${table}) from public;
  revoke all on function private.sync_apply_${table}(jsonb) from public;
  grant execute on function private.${table}_json(public.${table}) to authenticated;
  grant execute on function private.sync_apply_${table}(jsonb) to authenticated;
`;

const register = `select private.sync_register_entity('${table}', 'user_id',
  'private.sync_apply_${table}(jsonb)', 'private.${table}_json(public.${table})')`;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.signedInClient();
  bob = await server.signedInClient();
  await server.db.exec(entitySql);
  await server.db.exec(register);
});

afterAll(async () => {
  if (!server) return;
  try {
    await server.db.exec(`
      delete from private.sync_entities where entity = '${table}';
      delete from public.sync_tombstones where entity = '${table}';
      delete from public.sync_mutations where entity = '${table}';
      drop function if exists private.sync_apply_${table}(jsonb);
      drop function if exists private.${table}_json(public.${table});
      drop table if exists public.${table};
    `);
  } finally {
    await server.close();
  }
});

function note(id: string, title: string, op: 'upsert' | 'delete' = 'upsert') {
  return {
    mutation_id: randomUUID(),
    entity: table,
    op,
    id,
    base_version: null,
    data: op === 'upsert' ? { title } : null,
  };
}

/** Runs one statement as an API role, in a transaction of its own. */
function asRole(role: 'anon' | 'authenticated' | 'service_role', sql: string) {
  return server.db.transaction(async (tx) => {
    await tx.query(`set local role ${role}`);
    return tx.query(sql);
  });
}

describe('a new entity registered with one call', () => {
  it('is registered, and its table got the txid column and trigger, the pull index and the delete trigger', async () => {
    const registered = await server.db.query(
      'select * from private.sync_entities where entity = $1',
      [table],
    );
    expect(registered.rows).toEqual([
      {
        entity: table,
        owner_column: 'user_id',
        apply_fn: `private.sync_apply_${table}(jsonb)`,
        json_fn: `private.${table}_json(public.${table})`,
        soft_delete: false,
      },
    ]);
    const { rows } = await server.db.query<{ kind: string; name: string }>(
      `select 'column' as kind, a.attname::text as name from pg_catalog.pg_attribute a
        where a.attrelid = $1::regclass and a.attname = 'txid' and not a.attisdropped
       union all
       select 'trigger', t.tgname::text from pg_catalog.pg_trigger t
        where t.tgrelid = $1::regclass and not t.tgisinternal
       union all
       select 'index', pg_catalog.pg_get_indexdef(i.indexrelid) from pg_catalog.pg_index i
        where i.indrelid = $1::regclass and not i.indisprimary
       order by 1, 2`,
      [`public.${table}`],
    );
    expect(rows).toEqual([
      { kind: 'column', name: 'txid' },
      {
        kind: 'index',
        name: `CREATE INDEX ${table}_user_id_txid_idx ON public.${table} USING btree (user_id, txid, id)`,
      },
      { kind: 'trigger', name: `${table}_bump_version` },
      { kind: 'trigger', name: `${table}_record_delete` },
      { kind: 'trigger', name: `${table}_stamp_txid` },
    ]);
  });

  it('is pushed (applied, a replay answered duplicate), pulled by its owner and by nobody else', async () => {
    const id = randomUUID();
    const m = note(id, 'first note');
    const [first] = await push(alice.client, [m]);
    expect(first).toEqual({
      mutation_id: m.mutation_id,
      status: 'applied',
      version: 1,
      row: expect.objectContaining({ id, user_id: alice.userId, title: 'first note', version: 1 }),
    });
    expect(first!.row).not.toHaveProperty('txid');

    const [again] = await push(alice.client, [m]);
    expect(again).toEqual({
      mutation_id: m.mutation_id,
      status: 'duplicate',
      outcome: 'applied',
      version: 1,
      row: expect.objectContaining({ id, title: 'first note', version: 1 }),
      copy: null,
    });
    expect(
      (await server.db.query(`select title, version from public.${table} where id = $1`, [id]))
        .rows,
    ).toEqual([{ title: 'first note', version: 1 }]);

    const [edit] = await push(alice.client, [note(id, 'edited note')]);
    expect(edit).toMatchObject({ status: 'applied', version: 2, row: { title: 'edited note' } });

    const mine = await pullEntities(alice.client, [table, 'post_drafts']);
    expect(mine.changes[table]).toEqual([
      expect.objectContaining({ id, user_id: alice.userId, title: 'edited note', version: 2 }),
    ]);
    expect(mine.cursor[table]).toEqual({ txid: expect.any(String), id: expect.any(String) });

    const theirs = await pullEntities(bob.client, [table]);
    expect(theirs.changes[table]).toEqual([]);
    // Bob naming Alice's row changes nothing (row-level security on the new table).
    const [taken] = await push(bob.client, [note(id, 'bob was here')]);
    expect(taken).toMatchObject({ status: 'rejected', error: { code: '42501' } });
    expect(taken!.row).toBeUndefined();
    expect(
      (await server.db.query(`select title, user_id from public.${table} where id = $1`, [id]))
        .rows,
    ).toEqual([{ title: 'edited note', user_id: alice.userId }]);
  });

  it('leaves a tombstone when a row is deleted, which pulls carry to the owner only', async () => {
    const id = randomUUID();
    await push(alice.client, [note(id, 'to be deleted')]);
    const before = await pullEntities(alice.client, [table]);
    expect(before.changes[table]!.map((r) => r.id)).toContain(id);

    const gone = note(id, '', 'delete');
    const [deleted] = await push(alice.client, [gone]);
    expect(deleted).toEqual({
      mutation_id: gone.mutation_id,
      status: 'applied',
      version: null,
      row: null,
    });
    const [replayed] = await push(alice.client, [gone]);
    expect(replayed).toMatchObject({ status: 'duplicate', outcome: 'applied', row: null });

    const after = await pullEntities(alice.client, [table], before.cursor);
    expect(after.changes[table]).toEqual([
      expect.objectContaining({
        id,
        user_id: alice.userId,
        version: 2,
        deleted_at: expect.any(String),
      }),
    ]);
    expect((await pullEntities(bob.client, [table])).changes[table]).toEqual([]);
  });

  it('gets the shared shape checks, and the existing entities keep their own refusals', async () => {
    const bad = [
      { ...note(randomUUID(), 'no id'), id: null },
      { ...note(randomUUID(), 'no op'), op: 'replace' },
      { ...note(randomUUID(), 'no data'), data: 'title' },
      {
        mutation_id: randomUUID(),
        entity: 'onboarding_data',
        op: 'delete',
        id: alice.userId,
        base_version: null,
        data: {},
      },
      {
        mutation_id: randomUUID(),
        entity: 'user_profiles',
        op: 'delete',
        id: alice.userId,
        base_version: null,
        data: {},
      },
    ];
    const results = await push(alice.client, bad);
    expect(results.map((r) => [r.status, r.error?.code, r.error?.message])).toEqual([
      ['rejected', '22023', 'invalid mutation'],
      ['rejected', '22023', 'invalid mutation'],
      ['rejected', '22023', 'invalid mutation'],
      ['rejected', '22023', 'onboarding answers are not deleted through sync'],
      ['rejected', '22023', 'profiles are not deleted through sync'],
    ]);
    expect(results.map((r) => r.mutation_id)).toEqual(bad.map((m) => m.mutation_id));
  });

  it('keeps answering an unknown entity with 22023 in both calls', async () => {
    const [r] = await push(alice.client, [{ ...note(randomUUID(), 'x'), entity: 'no_such_table' }]);
    expect(r).toMatchObject({
      status: 'rejected',
      error: { code: '22023', message: 'unknown entity' },
    });
    const { error } = await alice.client.rpc('sync_pull', {
      since: {},
      entities: ['sync_entities'],
      max_rows: 10,
    });
    expect(error).toMatchObject({ code: '22023', message: 'unknown entity' });
  });
});

describe('registration', () => {
  it('fails for a function that does not exist or has the wrong signature, and registers nothing', async () => {
    const other = `${table}_x`;
    await expect(
      server.db.query(
        `select private.sync_register_entity($1, 'user_id', 'private.sync_apply_nothing(jsonb)',
                                             'private.${table}_json(public.${table})')`,
        [table],
      ),
    ).rejects.toMatchObject({ code: '42883' });
    // A row-to-JSON function of another table.
    await expect(
      server.db.query(
        `select private.sync_register_entity($1, 'user_id', 'private.sync_apply_${table}(jsonb)',
                                             'private.sync_draft_json(public.post_drafts)')`,
        [table],
      ),
    ).rejects.toMatchObject({ code: '42883' });
    await expect(
      server.db.query(
        `select private.sync_register_entity($1, 'user_id', 'private.sync_apply_${table}(jsonb)',
                                             'private.${table}_json(public.${table})')`,
        [other],
      ),
    ).rejects.toMatchObject({ code: '42P01' });
    expect(
      (
        await server.db.query(
          'select entity, json_fn from private.sync_entities where entity in ($1, $2)',
          [table, other],
        )
      ).rows,
    ).toEqual([{ entity: table, json_fn: `private.${table}_json(public.${table})` }]);
  });

  it('is out of reach of the API roles: the registry can be neither written nor read, nor the register function run', async () => {
    const attempts = [
      `insert into private.sync_entities values ('x', 'user_id', 'a', 'b', false)`,
      `update private.sync_entities set owner_column = 'id'`,
      `delete from private.sync_entities`,
      `select * from private.sync_entities`,
      register,
    ];
    for (const role of ['anon', 'authenticated', 'service_role'] as const) {
      for (const sql of attempts) {
        await expect(asRole(role, sql), `${role}: ${sql}`).rejects.toMatchObject({
          code: '42501',
        });
      }
    }
    expect(
      (await server.db.query('select entity from private.sync_entities order by entity')).rows,
    ).toEqual(
      [
        'ai_generated_posts',
        'analytics_accounts',
        'analytics_daily',
        'analytics_post_metrics',
        'content_ideas',
        'onboarding_data',
        'post_drafts',
        'publish_targets',
        'scheduled_posts',
        table,
        'user_notifications',
        'user_preferences',
        'user_profiles',
      ]
        .sort()
        .map((entity) => ({ entity })),
    );
  });
});
