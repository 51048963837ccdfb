import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { createUser, dbRows, type TestUser } from './rest-helpers.ts';

// Each table × select/insert/update/delete × {anon, another user, the owner}: the response the
// caller gets, and what the database holds afterwards (read past RLS).

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

interface TableCase {
  table: string;
  /** The column that names the owner. */
  ownerColumn: string;
  /** A valid new row for `userId` (ids are fresh on every call). */
  row(userId: string, email: string): Record<string, unknown>;
  /** A column the update cell changes, and its new value. */
  change: [string, unknown];
}

const tables: TableCase[] = [
  {
    table: 'user_profiles',
    ownerColumn: 'id',
    row: (userId, email) => ({ id: userId, email, first_name: 'Owner' }),
    change: ['first_name', 'Changed'],
  },
  {
    table: 'onboarding_data',
    ownerColumn: 'user_id',
    row: (userId) => ({
      id: randomUUID(),
      user_id: userId,
      business_name: 'Owner Shop',
      business_type: 'retail',
      primary_goal: 'sales',
      content_preferences: ['educational'],
    }),
    change: ['business_name', 'Changed Shop'],
  },
  {
    table: 'post_drafts',
    ownerColumn: 'user_id',
    row: (userId) => ({
      id: randomUUID(),
      user_id: userId,
      content: 'owner text',
      platforms: ['facebook'],
    }),
    change: ['content', 'changed text'],
  },
  {
    table: 'user_preferences',
    ownerColumn: 'user_id',
    row: (userId) => ({ id: userId, user_id: userId, theme: 'dark' }),
    change: ['language', 'fr'],
  },
  {
    table: 'user_social_credentials',
    ownerColumn: 'user_id',
    row: (userId) => ({
      id: randomUUID(),
      user_id: userId,
      platform: 'facebook',
      platform_credentials: { app_id: 'a', app_secret: 's' },
    }),
    change: ['validation_status', 'valid'],
  },
  {
    table: 'social_media_accounts',
    ownerColumn: 'user_id',
    row: (userId) => ({
      id: randomUUID(),
      user_id: userId,
      platform: 'facebook',
      platform_account_id: randomUUID(),
      account_name: 'Owner Page',
    }),
    change: ['account_name', 'Changed Page'],
  },
];

type Actor = 'anon' | 'other' | 'owner';
const actors: Actor[] = ['anon', 'other', 'owner'];

interface Cell {
  owner: TestUser;
  other: TestUser;
  client: SupabaseClient;
}

async function cell(actor: Actor): Promise<Cell> {
  const owner = await createUser(server);
  const other = await createUser(server);
  const client =
    actor === 'anon' ? server.anonClient() : actor === 'other' ? other.client : owner.client;
  return { owner, other, client };
}

/** The owner's row, inserted past RLS, so every cell starts from the same state. */
async function seed(t: TableCase, owner: TestUser): Promise<Record<string, unknown>> {
  const row = t.row(owner.userId, owner.email);
  const { error } = await server.serviceClient().from(t.table).insert(row);
  if (error) throw new Error(`seed ${t.table}: ${error.message}`);
  return row;
}

async function ownerRows(t: TableCase, owner: TestUser): Promise<Record<string, unknown>[]> {
  return dbRows(server, `select * from public.${t.table} where ${t.ownerColumn} = $1`, [
    owner.userId,
  ]);
}

describe.each(tables)('$table', (t) => {
  it.each(actors)('select as %s: only the owner sees the row', async (actor) => {
    const { owner, client } = await cell(actor);
    await seed(t, owner);
    const { data, error, status } = await client
      .from(t.table)
      .select('*')
      .eq(t.ownerColumn, owner.userId);
    expect(error).toBeNull();
    expect(status).toBe(200);
    if (actor === 'owner') {
      expect(data).toHaveLength(1);
      expect(data![0]![t.ownerColumn]).toBe(owner.userId);
    } else {
      expect(data).toEqual([]);
    }
    // An unfiltered read leaks nothing either.
    const all = await client.from(t.table).select(t.ownerColumn);
    expect(all.error).toBeNull();
    const owners = new Set(
      (all.data as unknown as Record<string, unknown>[]).map((r) => r[t.ownerColumn]),
    );
    if (actor === 'anon') expect(owners.size).toBe(0);
    else expect([...owners]).toEqual(actor === 'owner' ? [owner.userId] : []);
  });

  it.each(actors)('insert as %s of a row owned by the owner', async (actor) => {
    const { owner, client } = await cell(actor);
    const { error, status } = await client.from(t.table).insert(t.row(owner.userId, owner.email));
    const rows = await ownerRows(t, owner);
    if (actor === 'owner') {
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(rows).toHaveLength(1);
    } else {
      expect(status).toBe(actor === 'anon' ? 401 : 403);
      expect(error).toMatchObject({
        code: '42501',
        message: `new row violates row-level security policy for table "${t.table}"`,
      });
      expect(rows).toEqual([]);
    }
  });

  it.each(actors)("update as %s of the owner's row", async (actor) => {
    const { owner, client } = await cell(actor);
    await seed(t, owner);
    const before = await ownerRows(t, owner);
    const [column, value] = t.change;
    const { error, status } = await client
      .from(t.table)
      .update({ [column]: value })
      .eq(t.ownerColumn, owner.userId);
    expect(error).toBeNull();
    expect(status).toBe(204);
    const after = await ownerRows(t, owner);
    expect(after).toHaveLength(1);
    if (actor === 'owner') {
      expect(after[0]![column]).toEqual(value);
      expect(after[0]!.version).toBe(2);
    } else {
      expect(after).toEqual(before);
    }
  });

  it.each(actors)("delete as %s of the owner's row", async (actor) => {
    const { owner, client } = await cell(actor);
    await seed(t, owner);
    const { error, status } = await client.from(t.table).delete().eq(t.ownerColumn, owner.userId);
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(await ownerRows(t, owner)).toHaveLength(actor === 'owner' ? 0 : 1);
  });

  it("another user can neither move their own row to the owner nor upsert over the owner's row", async () => {
    const { owner, other } = await cell('other');
    const seeded = await seed(t, owner);
    const ownRow = t.row(other.userId, other.email);
    const created = await other.client.from(t.table).insert(ownRow);
    expect(created.error).toBeNull();

    const moved = await other.client
      .from(t.table)
      .update({ [t.ownerColumn]: owner.userId })
      .eq('id', ownRow.id);
    expect(moved.status).toBe(403);
    expect(moved.error).toMatchObject({ code: '42501' });

    const [column, value] = t.change;
    const overwrite = await other.client
      .from(t.table)
      .upsert({ ...seeded, [column]: value }, { onConflict: 'id' });
    expect(overwrite.status).toBe(403);
    expect(overwrite.error).toMatchObject({ code: '42501' });

    const ownerAfter = await ownerRows(t, owner);
    expect(ownerAfter).toHaveLength(1);
    expect(ownerAfter[0]![column]).not.toEqual(value);
    expect(await ownerRows(t, other)).toHaveLength(1);
  });
});

describe('concurrent requests', () => {
  it("keep each caller's role and claims: many users at once see only their own rows", async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser(server)));
    await Promise.all(
      users.map((u) =>
        u.client.from('post_drafts').insert({ user_id: u.userId, content: `mine:${u.userId}` }),
      ),
    );
    const reads = await Promise.all(
      Array.from({ length: 64 }, (_, i) => {
        const u = users[i % users.length]!;
        return i % 5 === 0
          ? server
              .anonClient()
              .from('post_drafts')
              .select('content')
              .then((r) => ({ u: null, r }))
          : u.client
              .from('post_drafts')
              .select('content')
              .then((r) => ({ u, r }));
      }),
    );
    for (const { u, r } of reads) {
      expect(r.error).toBeNull();
      expect(r.data).toEqual(u ? [{ content: `mine:${u.userId}` }] : []);
    }
  });
});

describe('service_role', () => {
  it('bypasses row-level security, as in a Supabase project', async () => {
    const owner = await createUser(server);
    await server
      .serviceClient()
      .from('post_drafts')
      .insert({ user_id: owner.userId, content: 'by the service' });
    const { data, error } = await server
      .serviceClient()
      .from('post_drafts')
      .select('content')
      .eq('user_id', owner.userId);
    expect(error).toBeNull();
    expect(data).toEqual([{ content: 'by the service' }]);
  });
});

describe('every table', () => {
  it('has row-level security, in the API schema and in private (sync bookkeeping, registry)', async () => {
    const rows = await dbRows<{ name: string; rls: boolean }>(
      server,
      `select n.nspname || '.' || c.relname as name, c.relrowsecurity as rls
         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'private') and c.relkind in ('r', 'p')
        order by 1`,
    );
    expect(rows.filter((r) => !r.rls)).toEqual([]);
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        ...tables.map((t) => `public.${t.table}`),
        'public.sync_mutations',
        'public.sync_tombstones',
        'public.social_credential_secrets',
        'public.social_secret_intake',
        'public.social_account_tokens',
        'private.sync_maintenance',
        'private.sync_entities',
      ]),
    );
  });
});

describe('two-factor enforcement', () => {
  it('every table of the API schema with row-level security has the restrictive mfa_satisfied policy', async () => {
    const rows = await dbRows<{ name: string; policy: boolean }>(
      server,
      `select c.relname as name,
              exists (select 1 from pg_catalog.pg_policy p
                       where p.polrelid = c.oid and p.polname = 'mfa_satisfied' and not p.polpermissive
                         and p.polcmd = '*'
                         and p.polroles = array[(select oid from pg_catalog.pg_roles where rolname = 'authenticated')]
                         and pg_catalog.pg_get_expr(p.polqual, p.polrelid) like '%private.mfa_satisfied()%'
                         and pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid) like '%private.mfa_satisfied()%') as policy
         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity
        order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(tables.map((t) => t.table)));
    expect(rows.filter((r) => !r.policy)).toEqual([]);
  });
});
