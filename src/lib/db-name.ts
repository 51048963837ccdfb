// The app database's name, apart from its Dexie schema (db.ts): the first reads of the saved state
// (kv-read.ts) open it without loading Dexie.

export const APP_DB_NAME = 'postbloom';

let current = APP_DB_NAME;

/** The name of the database the app uses now (tests point the app at their own, see setAppDb). */
export function appDbName(): string {
  return current;
}

export function setAppDbName(name: string): void {
  current = name;
}
