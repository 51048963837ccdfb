// Everything the sync loop needs that the first paint does not, loaded on demand.
export { getAppDb } from '../../lib/db';
export { SyncEngine } from '../../lib/sync/engine';
export { createSupabaseTransport } from '../../lib/sync/transport';
export { getSupabase } from '../../lib/supabase';
