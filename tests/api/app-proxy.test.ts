import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer } from '../../scripts/app-server.ts';
import { MAX_BODY_BYTES } from '../../server/app.ts';
import { startTestServer, uniqueEmail, type TestServer } from './harness.ts';

/**
 * The app server as `npm start` runs it with HOST=0.0.0.0: listening on every interface and
 * proxying the API, which trusts only this proxy's X-Forwarded-For (by a per-process secret).
 */
let api: TestServer;
let app: Hono;
let appServer: ServerType;
let appPort: number;

// A phone on the LAN (a documentation address): test traffic stays on loopback, so the app
// server is handed the connection info such a socket would give it, and its proxy then talks to
// the real API over loopback as it does for any client. The request names a loopback Host, as
// a LAN client can, so only the client address stands between it and the mailbox.
const LAN_CLIENT = '192.0.2.77';

beforeAll(async () => {
  const proxySecret = randomBytes(32).toString('base64url');
  api = await startTestServer({
    proxySecret,
    appHost: '0.0.0.0',
    localMailbox: 'on',
    signInRateLimit: { max: 3, windowMs: 60_000 },
  });
  app = createAppServer({ apiUrl: api.url, anonKey: api.keys.anonKey, proxySecret });
  appServer = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '0.0.0.0' }, () => resolve(s));
    s.once('error', reject);
  });
  appPort = (appServer.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    if (!appServer) return resolve();
    appServer.close(() => resolve());
    (appServer as { closeAllConnections?: () => void }).closeAllConnections?.();
  });
  await api?.close();
});

/** A request to the app server from the LAN, or from this machine over loopback. */
async function viaApp(
  from: 'lan' | 'loopback',
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  if (from === 'loopback') return fetch(`http://127.0.0.1:${appPort}${path}`, init);
  return app.fetch(new Request(`http://127.0.0.1:${appPort}${path}`, init), {
    incoming: { socket: { remoteAddress: LAN_CLIENT, remoteFamily: 'IPv4' } },
  });
}

function signIn(from: 'lan' | 'loopback', email: string, password: string, extra = {}) {
  return viaApp(from, '/auth/v1/token?grant_type=password', {
    method: 'POST',
    headers: {
      apikey: api.keys.anonKey,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      ...extra,
    },
    body: JSON.stringify({ email, password }),
  });
}

describe('the local mailbox through the app server', () => {
  it('refuses a LAN client the reset link it just requested', async () => {
    const { email } = await api.signedInClient();
    const recover = await viaApp('lan', '/auth/v1/recover', {
      method: 'POST',
      headers: { apikey: api.keys.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(recover.status).toBe(200);

    const res = await viaApp('lan', `/local/mail?format=json&to=${encodeURIComponent(email)}`);
    expect(res.status).toBe(403);
    const body = await res.text();
    expect(body).not.toContain('/auth/v1/verify');
    expect(JSON.parse(body)).toMatchObject({ code: 'forbidden' });
  });

  it('refuses a LAN client that claims to be this machine in X-Forwarded-For', async () => {
    for (const forged of ['127.0.0.1', '::1', '127.0.0.1, 127.0.0.1']) {
      const res = await viaApp('lan', '/local/mail?format=json', {
        headers: { 'X-Forwarded-For': forged },
      });
      expect(res.status, forged).toBe(403);
    }
  });

  it('serves this machine through the app, as the README says', async () => {
    const { email } = await api.signedInClient();
    await api.anonClient().auth.resetPasswordForEmail(email);
    const res = await viaApp('loopback', `/local/mail?format=json&to=${encodeURIComponent(email)}`);
    expect(res.status).toBe(200);
    const mails = (await res.json()) as { link: string }[];
    expect(mails).toHaveLength(1);
    expect(mails[0]!.link).toContain('/auth/v1/verify');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never lets the proxy secret reach the browser or be guessed from outside', async () => {
    const res = await viaApp('lan', '/local/mail?format=json', {
      headers: { 'x-postbloom-proxy': 'guess', 'X-Forwarded-For': '127.0.0.1' },
    });
    expect(res.status).toBe(403);
    for (const [name] of res.headers) expect(name).not.toBe('x-postbloom-proxy');
  });
});

describe('sign-in limits through the app server', () => {
  it("keys the limit per client: one LAN client's failures do not lock out this machine", async () => {
    const victim = await api.signedInClient();
    for (let i = 0; i < 3; i++) {
      const res = await signIn('lan', uniqueEmail('spray'), 'guess-123');
      expect(res.status).toBe(400);
    }
    expect((await signIn('lan', victim.email, victim.password)).status).toBe(429);
    expect((await signIn('loopback', victim.email, victim.password)).status).toBe(200);
  });

  it('does not let a LAN client escape its limit by forging X-Forwarded-For', async () => {
    // The previous test used up this LAN client's attempts.
    const { email, password } = await api.signedInClient();
    for (let i = 0; i < 3; i++) {
      const res = await signIn('lan', email, password, {
        'X-Forwarded-For': `203.0.113.${i + 1}`,
      });
      expect(res.status).toBe(429);
    }
  });
});

/** Sends a request by hand so the test controls Content-Length and the pace of a chunked body. */
function rawRequest(opts: {
  path: string;
  headers: Record<string, string>;
  /** Bytes to offer in 64 KiB chunks; stops early once the answer arrives. */
  offer: number;
}): Promise<{ status: number; body: string; sentWhenAnswered: number; elapsedMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({
      host: '127.0.0.1',
      port: appPort,
      method: 'POST',
      path: opts.path,
      headers: opts.headers,
    });
    req.on('response', (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      const elapsedMs = Date.now() - started;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered, elapsedMs });
      });
    });
    // The server may close the socket once it has answered; that is not a failure.
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      while (!answered && sent < opts.offer) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    req.flushHeaders();
    setImmediate(pump);
  });
}

describe('request bodies through the app server', () => {
  it('answers 413 at once when Content-Length is over the limit, without reading the body', async () => {
    const res = await rawRequest({
      path: '/rest/v1/drafts',
      headers: {
        apikey: api.keys.anonKey,
        'Content-Type': 'application/json',
        'Content-Length': String(400 * 1024 * 1024),
      },
      offer: 0,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'PGRST413', message: 'Payload Too Large' });
    expect(res.elapsedMs).toBeLessThan(5_000);
  });

  it('cuts a chunked body at the limit instead of buffering it', async () => {
    const offer = 64 * MAX_BODY_BYTES;
    const res = await rawRequest({
      path: '/auth/v1/signup',
      headers: {
        apikey: api.keys.anonKey,
        'Content-Type': 'application/json',
        'Transfer-Encoding': 'chunked',
      },
      offer,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ message: expect.stringMatching(/too large/i) });
    // Socket buffers let a few MiB through before the answer gets back, never the whole body.
    expect(res.sentWhenAnswered).toBeLessThan(offer / 4);
  });

  it('still passes bodies under the limit through, chunked or not', async () => {
    const email = uniqueEmail('proxied');
    const body = JSON.stringify({ email, password: 'correct-horse-battery', data: {} });
    const plain = await viaApp('loopback', '/auth/v1/signup', {
      method: 'POST',
      headers: { apikey: api.keys.anonKey, 'Content-Type': 'application/json' },
      body,
    });
    expect(plain.status).toBe(200);
    expect(((await plain.json()) as { user: { email: string } }).user.email).toBe(email);

    const chunked = await viaApp('loopback', '/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { apikey: api.keys.anonKey, 'Content-Type': 'application/json' },
      body: new Blob([JSON.stringify({ email, password: 'correct-horse-battery' })]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(200);
  });
});
