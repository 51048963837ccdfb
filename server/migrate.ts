import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.resolve(here, '../supabase/migrations');
const BOOTSTRAP_SQL = path.join(here, 'sql/bootstrap.sql');

const MIGRATION_FILE = /^(\d+)_([\w-]+)\.sql$/;

/**
 * Brings the database to the schema of supabase/migrations, as `supabase db push` would:
 * first what hosted Supabase provides (bootstrap), then each new migration once, in order,
 * each in its own transaction and recorded in supabase_migrations.schema_migrations.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const bootstrap = await readFile(BOOTSTRAP_SQL, 'utf8');
  // Under the migrations' lock too: servers starting at once on a new database would otherwise
  // both create its schemas and roles, and one would fail.
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7271001)');
    await tx.exec(bootstrap);
  });
  const files = (await readdir(dir)).filter((f) => MIGRATION_FILE.test(f)).sort();
  const applied = new Set(
    (
      await db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
    ).rows.map((r) => r.version),
  );
  const done: string[] = [];
  for (const file of files) {
    const [, version, name] = MIGRATION_FILE.exec(file)!;
    if (applied.has(version!)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        // Serialises concurrent starts on one PostgreSQL database.
        await tx.query('select pg_advisory_xact_lock(7271001)');
        const again = await tx.query(
          'select 1 from supabase_migrations.schema_migrations where version = $1',
          [version],
        );
        if (again.rowCount > 0) return;
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
          [version, name],
        );
        done.push(file);
      });
    } catch (e) {
      throw new Error(`Migration ${file} failed: ${(e as Error).message}`);
    }
  }
  return done;
}
