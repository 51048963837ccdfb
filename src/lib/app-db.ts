import type { AppDb } from './db';

/**
 * The app's database, with Dexie and the schema loaded at the first use rather than with the
 * module that asks: pages and the layout import the repositories, and paint before Dexie arrives.
 */
export async function appDb(): Promise<AppDb> {
  const { getAppDb } = await import('./db');
  return getAppDb();
}
