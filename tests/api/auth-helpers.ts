import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { TestServer } from './harness.ts';

/** A supabase-js client like the harness makes, with extra request headers (e.g. X-Forwarded-For) or its own fetch. */
export function clientWithHeaders(
  server: TestServer,
  headers: Record<string, string>,
  fetchImpl?: typeof fetch,
): SupabaseClient {
  return createClient(server.url, server.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers, ...(fetchImpl ? { fetch: fetchImpl } : {}) },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** A raw call to /auth/v1 the way supabase-js makes it, for what supabase-js cannot send. */
export async function authFetch(
  server: TestServer,
  path: string,
  init: { method?: string; body?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> | null }> {
  const headers: Record<string, string> = {
    apikey: server.keys.anonKey,
    'X-Supabase-Api-Version': '2024-01-01',
    'Content-Type': 'application/json',
    ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    ...init.headers,
  };
  // An empty value leaves the header out, so a test can drop one of the defaults.
  for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
  const res = await fetch(`${server.url}/auth/v1${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body,
    redirect: 'manual',
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}

export interface MailJson {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  created_at: string;
}

export async function mailTo(server: TestServer, email: string): Promise<MailJson[]> {
  const res = await fetch(`${server.url}/local/mail?format=json&to=${encodeURIComponent(email)}`);
  if (res.status !== 200) throw new Error(`GET /local/mail answered ${res.status}`);
  return (await res.json()) as MailJson[];
}

/** Follows an emailed link without following the redirect; returns the Location's fragment. */
export async function followMailLink(
  link: string,
): Promise<{ status: number; location: string; fragment: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  const hash = location.includes('#') ? location.slice(location.indexOf('#') + 1) : '';
  return { status: res.status, location, fragment: new URLSearchParams(hash) };
}
