import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { signJwt } from '../../server/jwt.ts';
import { uniqueEmail, type TestServer } from './harness.ts';

export interface TestUser {
  userId: string;
  email: string;
  token: string;
  client: SupabaseClient;
}

export function clientWith(server: TestServer, authorization: string | null): SupabaseClient {
  return createClient(server.url, server.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: authorization ? { headers: { Authorization: `Bearer ${authorization}` } } : {},
  });
}

/** An access token shaped like the ones /auth/v1 issues, signed with the server's secret. */
export async function userToken(
  server: TestServer,
  userId: string,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      sub: userId,
      role: 'authenticated',
      aud: 'authenticated',
      email,
      iat,
      exp: iat + 3600,
      session_id: randomUUID(),
      aal: 'aal1',
      ...extra,
    },
    server.keys.jwtSecret,
  );
}

/**
 * A user row straight in auth.users plus a token for it: the data API only needs a valid JWT,
 * and skipping the password hash keeps matrices of many users fast.
 */
export async function createUser(server: TestServer): Promise<TestUser> {
  const userId = randomUUID();
  const email = uniqueEmail('rest');
  await server.db.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, created_at, updated_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, now(), now(), now(), '{}', '{}')`,
    [userId, email],
  );
  const token = await userToken(server, userId, email);
  return { userId, email, token, client: clientWith(server, token) };
}

/** A raw request to /rest/v1 for the cases supabase-js never produces. */
export async function rest(
  server: TestServer,
  path: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    token?: string | null;
  } = {},
): Promise<{ status: number; headers: Headers; text: string; json: unknown }> {
  const token = init.token === undefined ? server.keys.anonKey : init.token;
  const headers: Record<string, string> = { apikey: server.keys.anonKey, ...init.headers };
  if (token !== null) headers['Authorization'] = `Bearer ${token}`;
  if (
    init.body !== undefined &&
    !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
  ) {
    headers['Content-Type'] = 'application/json';
  }
  const res = await fetch(`${server.url}/rest/v1${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body,
  });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Rows as the database holds them, read past row-level security. */
export async function dbRows<T = Record<string, unknown>>(
  server: TestServer,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return (await server.db.query<T>(sql, params)).rows;
}

export function iso(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs).toISOString();
}
