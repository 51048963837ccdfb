import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { EnvReader } from './env.ts';
import { json } from './http.ts';

function required(env: EnvReader, name: string): string {
  const value = env(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

// Functions never open realtime, but supabase-js wants a WebSocket class when the client is made;
// Deno has one, Node 20 (the embedded server) does not.
class NoWebSocket {
  constructor() {
    throw new Error('Realtime is not available in functions');
  }
}

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  ...(typeof globalThis.WebSocket === 'undefined'
    ? { realtime: { transport: NoWebSocket as unknown as typeof WebSocket } }
    : {}),
};

/** A service-role client: reads and writes past row-level security, so filter by user yourself. */
export function adminClient(env: EnvReader): SupabaseClient {
  return createClient(
    required(env, 'SUPABASE_URL'),
    required(env, 'SUPABASE_SERVICE_ROLE_KEY'),
    clientOptions,
  );
}

/**
 * The user the request's bearer token belongs to, as the auth server knows them (a signed-out or
 * expired session is refused), or the 401 answer to return as it is.
 */
export async function requireUser(
  req: Request,
  env: EnvReader,
): Promise<{ id: string; email: string | null } | Response> {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const denied = json({ error: 'Not authenticated' }, 401);
  if (!match) return denied;
  const client = createClient(
    required(env, 'SUPABASE_URL'),
    env('SUPABASE_ANON_KEY') ?? required(env, 'SUPABASE_SERVICE_ROLE_KEY'),
    clientOptions,
  );
  const { data, error } = await client.auth.getUser(match[1]);
  if (error || !data.user) return denied;
  return { id: data.user.id, email: data.user.email ?? null };
}
