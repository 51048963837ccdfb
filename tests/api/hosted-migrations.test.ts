import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres, type Db, type QueryResult, type Tx } from '../../server/db.ts';
import { migrate, MIGRATIONS_DIR } from '../../server/migrate.ts';

/*
 * supabase/migrations as `supabase db push` applies them to a hosted project: a fresh database
 * with Supabase's roles and auth schema (server/sql/bootstrap.sql, which the runner applies
 * first), then every migration in order through the runner itself, as the project's own role,
 * which (like hosted Supabase's `postgres`) owns the database but is no superuser. With
 * TEST_DATABASE_URL each
 * case gets a new database in that PostgreSQL cluster, else a new in-memory PGlite.
 * The database's notices are kept: without pg_cron the cron migration says it schedules nothing.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const ENGINE = ADMIN_URL ? 'PostgreSQL' : 'PGlite';
const CRON_MIGRATION = '20261126000400_cron_jobs.sql';
/** Every migration that has scheduled a job at some point: re-applying them must add none. */
const CRON_FILES = [
  '20261124001000_publisher_cron.sql',
  '20261126000200_metrics_cron.sql',
  CRON_MIGRATION,
];
const NOT_SCHEDULED = /not scheduled here/;

interface Fresh {
  db: Db;
  notices: string[];
  /** PostgreSQL only: the database's URL, for more connections to it. */
  url?: string;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Db over one connection, as the runner uses it, that keeps the notices the server sends. */
async function freshDatabase(): Promise<Fresh> {
  const notices: string[] = [];
  if (!ADMIN_URL) {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create();
    const onNotice = (n: { message?: string }) => notices.push(n.message ?? '');
    type Raw = Pick<typeof pglite, 'query' | 'exec'>;
    const wrap = (q: Raw): Tx => ({
      async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
        const r = await q.query<T>(sql, params, { onNotice });
        return { rows: r.rows, rowCount: r.affectedRows || r.rows.length };
      },
      async exec(sql: string) {
        await q.exec(sql, { onNotice });
      },
    });
    const db: Db = {
      kind: 'pglite',
      ...wrap(pglite),
      transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
      close: () => pglite.close(),
    };
    cleanups.push(() => db.close());
    return { db, notices };
  }

  const name = `pbh_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  client.on('notice', (n) => notices.push(n.message ?? ''));
  await client.connect();
  const tx: Tx = {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await client.query(sql, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
  const db: Db = {
    kind: 'postgres',
    ...tx,
    async transaction(fn) {
      await client.query('begin');
      try {
        const result = await fn(tx);
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback');
        throw e;
      }
    },
    close: () => client.end(),
  };
  cleanups.push(async () => {
    await db.close();
    const a = new pg.Client({ connectionString: ADMIN_URL });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });
  return { db, notices, url: url.toString() };
}

/**
 * Supabase's roles as a hosted project has them (nologin here: nothing signs in as them). Roles
 * belong to the cluster, so one that exists already (another test's database) is left alone.
 */
const SUPABASE_ROLES = `
do $roles$
declare
  r record;
begin
  for r in
    select * from (values
      ('anon', 'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role', 'nologin noinherit bypassrls'),
      ('authenticator', 'nologin noinherit'),
      ('supabase_admin', 'nologin superuser createdb createrole replication bypassrls'),
      ('supabase_auth_admin', 'nologin noinherit createrole'),
      ('supabase_storage_admin', 'nologin noinherit createrole'),
      ('dashboard_user', 'nologin createdb createrole replication'),
      ('pgbouncer', 'nologin'),
      -- Hosted Supabase's \`postgres\`, which \`db push\` uses: not a superuser. Named apart here
      -- because this cluster's superuser is called postgres.
      ('hosted_postgres', 'nologin createrole createdb replication bypassrls')
    ) as roles (name, options)
  loop
    begin
      if not exists (select 1 from pg_catalog.pg_roles where rolname = r.name) then
        execute format('create role %I %s', r.name, r.options);
      end if;
    exception
      when duplicate_object or unique_violation then null;
    end;
  end loop;
  -- PostgREST connects as authenticator and switches to the API roles.
  grant anon, authenticated, service_role to authenticator;
  grant anon, authenticated, service_role to hosted_postgres with admin option;
  execute format('alter database %I owner to hosted_postgres', current_database());
end
$roles$;
`;

/** After the platform's setup, migrations run as the project's (non-superuser) owner. */
const AS_PROJECT_OWNER = 'set role hosted_postgres';

/** pg_cron's catalogue and functions as far as the migrations use them. */
const CRON_STAND_IN = `
create schema cron;
create table cron.job (
  jobid bigserial primary key,
  jobname text,
  schedule text not null,
  command text not null
);
create unique index on cron.job (jobname);
-- Every call, so a test sees that an unchanged job is not scheduled again.
create table cron.schedule_calls (jobname text, called_at timestamptz default now());
-- pg_cron 1.3+: a job of the same name is replaced, keeping its id.
create function cron.schedule(job_name text, schedule text, command text) returns bigint
language plpgsql as $fn$
declare
  id bigint;
begin
  insert into cron.schedule_calls (jobname) values (job_name);
  insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
  on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
  returning jobid into id;
  return id;
end
$fn$;
create function cron.unschedule(job_name text) returns boolean
language sql as $fn$
  with gone as (delete from cron.job where jobname = job_name returning 1)
  select exists (select 1 from gone)
$fn$;
-- What pg_cron grants the project's postgres role on hosted Supabase.
grant usage on schema cron to hosted_postgres;
grant all on all tables in schema cron to hosted_postgres;
grant all on all sequences in schema cron to hosted_postgres;
`;

async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d+_[\w-]+\.sql$/.test(f)).sort();
}

async function appliedVersions(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version',
  );
  return rows.map((r) => r.version);
}

async function cronJobs(db: Db) {
  const { rows } = await db.query<{
    jobid: number;
    jobname: string;
    schedule: string;
    command: string;
  }>(
    'select jobid::int as jobid, jobname, schedule, command from cron.job order by jobname, jobid',
  );
  return rows;
}

async function scheduleCalls(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from cron.schedule_calls',
  );
  return rows[0]!.n;
}

/** Applies the cron migrations' SQL again, each in its own transaction as the runner would. */
async function reapplyCronMigrations(db: Db) {
  for (const file of CRON_FILES) {
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    await db.transaction((tx) => tx.exec(sql));
  }
}

function expectJobCommand(command: string, fn: string, timeoutMs: number) {
  // The job reads the URL and key from Vault when it runs; neither is in its text.
  expect(command).toContain('net.http_post(');
  expect(command).toContain(`url := s.url || '/functions/v1/${fn}'`);
  expect(command).toContain(`'Authorization', 'Bearer ' || s.key`);
  expect(command).toContain(`timeout_milliseconds := ${timeoutMs}`);
  expect(command).toMatch(/from vault\.decrypted_secrets\s+where name = 'project_url'/);
  expect(command).toMatch(/from vault\.decrypted_secrets\s+where name = 'service_role_key'/);
  expect(command).toContain('where s.url is not null and s.key is not null');
}

describe(`migrations on a Supabase-like database (${ENGINE})`, () => {
  it('without pg_cron: every migration applies with RLS, the jobs are not scheduled, one notice says so', async () => {
    const { db, notices } = await freshDatabase();
    await db.exec(SUPABASE_ROLES);
    await db.exec(AS_PROJECT_OWNER);
    const files = await migrationFiles();

    const done = await migrate(db);
    const { rows: who } = await db.query<{ name: string; superuser: boolean }>(
      `select current_user as name, rolsuper as superuser from pg_catalog.pg_roles
        where rolname = current_user`,
    );
    expect(who).toEqual([{ name: 'hosted_postgres', superuser: false }]);

    expect(done).toEqual(files);
    expect(await appliedVersions(db)).toEqual(files.map((f) => f.split('_')[0]));
    expect(notices.filter((n) => NOT_SCHEDULED.test(n))).toEqual([
      'pg_cron is not available: the publisher and the metrics collector are not scheduled here',
    ]);
    const { rows } = await db.query<{ cron: string | null }>(
      `select pg_catalog.to_regnamespace('cron')::text as cron`,
    );
    expect(rows[0]!.cron).toBeNull();
    // A second start applies nothing.
    expect(await migrate(db)).toEqual([]);

    // Row-level security and the API roles' limits hold as on hosted Supabase.
    const { rows: open } = await db.query<{ name: string }>(
      `select c.relname as name from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
    );
    expect(open).toEqual([]);

    const owner = randomUUID();
    await db.query(
      `insert into auth.users (id, email, aud, role) values ($1, $2, 'authenticated', 'authenticated')`,
      [owner, `${owner}@example.com`],
    );
    await db.query(`insert into public.user_profiles (id, email) values ($1, $2)`, [
      owner,
      `${owner}@example.com`,
    ]);

    const asRole = (role: string, sub: string | null, sql: string) =>
      db.transaction(async (tx) => {
        await tx.query(`select set_config('role', $1, true)`, [role]);
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify(sub ? { sub, role } : { role }),
        ]);
        return (await tx.query(sql)).rows;
      });
    const profiles = 'select id from public.user_profiles';
    expect(await asRole('authenticated', owner, profiles)).toEqual([{ id: owner }]);
    expect(await asRole('authenticated', randomUUID(), profiles)).toEqual([]);
    expect(await asRole('anon', null, profiles)).toEqual([]);
    await expect(
      asRole('anon', null, 'select * from private.web_push_settings'),
    ).rejects.toMatchObject({
      code: '42501',
    });
    await expect(
      asRole('authenticated', owner, 'select * from private.web_push_settings'),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('with a cron schema: each job is scheduled once, and applying again adds none', async () => {
    const { db, notices } = await freshDatabase();
    await db.exec(SUPABASE_ROLES);
    await db.exec(CRON_STAND_IN);
    await db.exec(AS_PROJECT_OWNER);

    expect(await migrate(db)).toEqual(await migrationFiles());

    expect(notices.filter((n) => NOT_SCHEDULED.test(n))).toEqual([]);
    const jobs = await cronJobs(db);
    expect(jobs.map((j) => [j.jobname, j.schedule])).toEqual([
      ['postbloom-metrics', '17 * * * *'],
      ['postbloom-publisher', '* * * * *'],
    ]);
    expectJobCommand(jobs[0]!.command, 'metrics-collector', 120000);
    expectJobCommand(jobs[1]!.command, 'publisher', 55000);
    expect(await scheduleCalls(db)).toBe(2);

    // Applied again (a repeated push, or after the old cron migrations): nothing is scheduled.
    await reapplyCronMigrations(db);
    expect(await cronJobs(db)).toEqual(jobs);
    expect(await scheduleCalls(db)).toBe(2);

    // A job someone changed by hand is put back, still one of its name.
    await db.query(
      `update cron.job set schedule = '*/5 * * * *' where jobname = 'postbloom-publisher'`,
    );
    await reapplyCronMigrations(db);
    expect(await cronJobs(db)).toEqual(jobs);
    expect(await scheduleCalls(db)).toBe(3);

    // Unscheduled (cron.unschedule), it comes back on the next apply.
    await db.query(`select cron.unschedule('postbloom-metrics')`);
    await reapplyCronMigrations(db);
    expect((await cronJobs(db)).map((j) => [j.jobname, j.schedule, j.command])).toEqual(
      jobs.map((j) => [j.jobname, j.schedule, j.command]),
    );
  });

  it('two servers starting at once on a new database both come up, each migration applied once', async () => {
    const { db, url } = await freshDatabase();
    await db.exec(SUPABASE_ROLES);
    // On PostgreSQL a second server's own pool; PGlite has one connection, taken in turn.
    const other = url ? await openPostgres(url, { max: 2 }) : db;
    if (other !== db) cleanups.push(() => other.close());

    const [first, second] = await Promise.all([migrate(db), migrate(other)]);

    const files = await migrationFiles();
    expect([...first, ...second].sort()).toEqual(files);
    expect(await appliedVersions(other)).toEqual(files.map((f) => f.split('_')[0]));
  });
});
