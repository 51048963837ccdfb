import type { ServerConfig } from './config.ts';
import type { Db } from './db.ts';
import type { Keys } from './keys.ts';

export interface ServerContext {
  db: Db;
  keys: Keys;
  config: ServerConfig;
  /** The URL clients reach this API at (http://host:port unless API_EXTERNAL_URL says otherwise). */
  apiUrl: string;
  /** Where this server reaches itself (loopback, never a proxy's address): its functions' SUPABASE_URL. */
  selfUrl?: string;
}
