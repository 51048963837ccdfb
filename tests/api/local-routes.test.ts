import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/config.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const mailUrl = (s: TestServer) => `${s.url}/local/mail?format=json`;

describe('/local/* answers only this machine, and never another origin', () => {
  it('sends no CORS headers on /local/*, preflight or not, while /rest/v1 keeps them', async () => {
    const origin = 'http://evil.example';
    for (const path of ['/local/mail', '/local/mail?format=json', '/local/config']) {
      const get = await fetch(`${server.url}${path}`, { headers: { Origin: origin } });
      await get.body?.cancel();
      expect(get.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(get.headers.get('access-control-expose-headers'), path).toBeNull();
      const preflight = await fetch(`${server.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'apikey',
        },
      });
      await preflight.body?.cancel();
      expect(preflight.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(preflight.headers.get('access-control-allow-headers'), path).toBeNull();
    }
    const rest = await fetch(`${server.url}/rest/v1/`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
    });
    expect(rest.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('refuses the mailbox to a request from another origin, even over loopback', async () => {
    const refused: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      // Another port of 127.0.0.1 is the same site, but not the same origin.
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'http://127.0.0.1:9' },
      { Origin: 'null' },
      { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of refused) {
      const res = await fetch(mailUrl(server), { headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      const body = (await res.json()) as { code: string };
      expect(body.code).toBe('forbidden');
    }
    const allowed: Record<string, string>[] = [
      {},
      { 'Sec-Fetch-Site': 'none' },
      { 'Sec-Fetch-Site': 'same-origin' },
      { Origin: new URL(server.url).origin, 'Sec-Fetch-Site': 'same-origin' },
    ];
    for (const headers of allowed) {
      const res = await fetch(mailUrl(server), { headers });
      await res.body?.cancel();
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('refuses a page that reaches 127.0.0.1 under another host name (DNS rebinding)', async () => {
    // fetch() writes its own Host header; a raw request sends what a rebound name would.
    const statusFor = (host: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port: server.port,
              path: '/local/mail?format=json',
              headers: { Host: host },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          )
          .on('error', reject);
      });
    expect(await statusFor(`rebind.evil.example:${server.port}`)).toBe(403);
    expect(await statusFor(`localhost:${server.port}`)).toBe(200);
  });

  it('refuses a request that a proxy it does not trust forwarded', async () => {
    const forwarded: Record<string, string>[] = [
      { 'X-Forwarded-For': '198.51.100.7' },
      { 'X-Forwarded-For': '127.0.0.1' },
      { Forwarded: 'for=198.51.100.7' },
      { 'X-Real-IP': '198.51.100.7' },
    ];
    for (const headers of forwarded) {
      const res = await fetch(mailUrl(server), { headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
  });

  it('keeps /local/config public: it holds only the API URL and the public anon key', async () => {
    const res = await fetch(`${server.url}/local/config`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      url: server.url,
      anonKey: server.keys.anonKey,
      social: {
        facebookDialogUrl: 'https://www.facebook.com',
        facebookGraphVersion: 'v24.0',
        linkedinAuthUrl: 'https://www.linkedin.com',
      },
    });
  });
});

describe('the mailbox when the server listens beyond loopback', () => {
  it('is off under LOCAL_MAILBOX=auto when the API listens on every interface', async () => {
    const exposed = await startTestServer({ host: '0.0.0.0' });
    try {
      const res = await fetch(mailUrl(exposed));
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'mailbox_off' });
      // Even the service_role key does not turn it back on.
      const keyed = await fetch(mailUrl(exposed), {
        headers: { apikey: exposed.keys.serviceRoleKey },
      });
      expect(keyed.status).toBe(404);
    } finally {
      await exposed.close();
    }
  });

  it('is off under auto when the app in front listens on every interface (HOST=0.0.0.0)', async () => {
    const behindApp = await startTestServer({ appHost: '0.0.0.0' });
    try {
      expect((await fetch(mailUrl(behindApp))).status).toBe(404);
    } finally {
      await behindApp.close();
    }
  });

  it('is off under auto when a reverse proxy is trusted in front of it', async () => {
    const proxied = await startTestServer({ trustedProxies: ['127.0.0.1'] });
    try {
      expect((await fetch(mailUrl(proxied))).status).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('when enabled, serves this machine only: a LAN socket is refused whatever it claims', async () => {
    const exposed = await startTestServer({ host: '0.0.0.0', localMailbox: 'on' });
    try {
      const local = await fetch(`http://127.0.0.1:${exposed.port}/local/mail?format=json`);
      expect(local.status).toBe(200);
      // A socket from the LAN (test traffic stays on loopback, so the handler is given the
      // connection info such a socket would give it), asking for a loopback Host as it can.
      for (const headers of [{}, { 'X-Forwarded-For': '127.0.0.1' }] as Record<string, string>[]) {
        const res = await exposed.fetch(
          new Request(`http://127.0.0.1:${exposed.port}/local/mail?format=json`, {
            headers: { ...headers, Host: `127.0.0.1:${exposed.port}` },
          }),
          { incoming: { socket: { remoteAddress: '192.0.2.77', remoteFamily: 'IPv4' } } },
        );
        expect(res.status, JSON.stringify(headers)).toBe(403);
      }
    } finally {
      await exposed.close();
    }
  });

  it('can be switched off on loopback too', async () => {
    const off = await startTestServer({ localMailbox: 'off' });
    try {
      expect((await fetch(mailUrl(off))).status).toBe(404);
      expect((await fetch(`${off.url}/local/config`)).status).toBe(200);
    } finally {
      await off.close();
    }
  });
});

describe('configuration', () => {
  it('reads LOCAL_MAILBOX and TRUSTED_PROXIES, and names a bad value', () => {
    const env = { DATA_DIR: '/tmp/x' };
    expect(parseEnv(env).localMailbox).toBe('auto');
    expect(parseEnv({ ...env, LOCAL_MAILBOX: 'on' }).localMailbox).toBe('on');
    expect(() => parseEnv({ ...env, LOCAL_MAILBOX: 'yes' })).toThrow(/LOCAL_MAILBOX/);
    expect(parseEnv(env).trustedProxies).toEqual([]);
    expect(
      parseEnv({ ...env, TRUSTED_PROXIES: ' 10.0.0.5, 192.168.0.0/16 ,::1' }).trustedProxies,
    ).toEqual(['10.0.0.5', '192.168.0.0/16', '::1']);
    expect(() => parseEnv({ ...env, TRUSTED_PROXIES: '10.0.0.5,proxy.lan' })).toThrow(
      /TRUSTED_PROXIES/,
    );
    expect(() => parseEnv({ ...env, TRUSTED_PROXIES: '10.0.0.0/40' })).toThrow(/TRUSTED_PROXIES/);
  });

  it('reads the sign-up and recovery limits, and names a bad value', () => {
    const env = { DATA_DIR: '/tmp/x' };
    const defaults = parseEnv(env);
    expect(defaults.signUpRateLimit).toEqual({ max: 30, windowMs: 5 * 60_000 });
    expect(defaults.recoverRateLimit).toEqual({ max: 30, windowMs: 60 * 60_000 });
    expect(parseEnv({ ...env, AUTH_SIGN_UP_RATE_LIMIT: '5' }).signUpRateLimit.max).toBe(5);
    expect(parseEnv({ ...env, AUTH_RECOVER_RATE_LIMIT: '7' }).recoverRateLimit.max).toBe(7);
    expect(() => parseEnv({ ...env, AUTH_SIGN_UP_RATE_LIMIT: '0' })).toThrow(
      /AUTH_SIGN_UP_RATE_LIMIT/,
    );
    expect(() => parseEnv({ ...env, AUTH_RECOVER_RATE_LIMIT: 'lots' })).toThrow(
      /AUTH_RECOVER_RATE_LIMIT/,
    );
  });
});
