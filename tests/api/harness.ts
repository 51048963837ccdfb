import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../../server/start-server.ts';

export interface TestServer extends RunningServer {
  /** The PostgreSQL database it serves (TEST_DATABASE_URL runs only). */
  databaseUrl?: string;
  /** A supabase-js client with the anon key, as the app creates it (no session persisted). */
  anonClient(): SupabaseClient;
  /** A supabase-js client with the service_role key. */
  serviceClient(): SupabaseClient;
  /** Signs up a fresh user and returns a client signed in as them. */
  signedInClient(opts?: {
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
  }): Promise<{
    client: SupabaseClient;
    userId: string;
    email: string;
    password: string;
    accessToken: string;
  }>;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`;
}

function makeClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; realtime is unused but the client insists on a transport.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/**
 * The embedded server on a free port over a fresh database: in-memory PGlite, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a new throwaway database on it. Given a
 * `databaseUrl` (another test server's), it serves that database and leaves it to its owner.
 */
export async function startTestServer(
  overrides: Parameters<typeof startServer>[0] = {},
): Promise<TestServer> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl: string | undefined = overrides.databaseUrl;
  if (adminUrl && !databaseUrl) {
    const name = `pbt_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  }
  const server = await startServer({
    port: 0,
    dataDir: null,
    databaseUrl,
    // Every test signs up, refreshes and asks for resets from 127.0.0.1; the per-address limits
    // have their own tests (auth-rate-limit, app-proxy), which pass their own values.
    signUpRateLimit: { max: 10_000, windowMs: 60_000 },
    recoverRateLimit: { max: 10_000, windowMs: 60_000 },
    tokenRefreshRateLimit: { max: 10_000, windowMs: 60_000 },
    // Tests run the publisher themselves (server.publisher.tick(), runPublisher) unless they ask.
    publisher: { intervalMs: 0 },
    // Likewise the metrics collector (server.metrics.tick(), or its function).
    metrics: { intervalMs: 0 },
    ...overrides,
  });
  return {
    ...server,
    databaseUrl,
    anonClient: () => makeClient(server.url, server.keys.anonKey),
    serviceClient: () => makeClient(server.url, server.keys.serviceRoleKey),
    async signedInClient(opts = {}) {
      const email = opts.email ?? uniqueEmail();
      const password = opts.password ?? 'correct-horse-battery';
      const client = makeClient(server.url, server.keys.anonKey);
      const { data, error } = await client.auth.signUp({
        email,
        password,
        options: {
          data: { first_name: opts.firstName ?? 'Test', last_name: opts.lastName ?? 'User' },
        },
      });
      if (error || !data.session || !data.user)
        throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
      return {
        client,
        userId: data.user.id,
        email,
        password,
        accessToken: data.session.access_token,
      };
    },
    async close() {
      await server.close();
      if (dropDatabase) await dropDatabase();
    },
  };
}
