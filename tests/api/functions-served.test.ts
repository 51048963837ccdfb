import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionNames, indexShapeProblem } from '../../scripts/check-functions-runtime.ts';
import { FUNCTIONS_DIR } from '../../server/functions.ts';
import { startTestServer, type TestServer } from './harness.ts';

// Every folder of supabase/functions is served by the embedded server at /functions/v1/<name>
// from the same handler.ts its index.ts serves on Supabase Edge; a new folder is picked up here
// from disk and held to the default answer below until its own answer is written down.

const NOT_SIGNED_IN = { error: 'Not authenticated' };

/** What each function answers a POST `{}` with the anon key (a caller who is not signed in). */
const DOCUMENTED: Record<string, { status: number; body: Record<string, unknown> }> = {
  health: { status: 200, body: { status: 'ok' } },
  publisher: { status: 401, body: { error: 'The publisher needs the service role.' } },
  'metrics-collector': { status: 401, body: NOT_SIGNED_IN },
  'facebook-connect': { status: 401, body: NOT_SIGNED_IN },
  'linkedin-connect': { status: 401, body: NOT_SIGNED_IN },
  'social-credentials': { status: 401, body: NOT_SIGNED_IN },
};

const names = functionNames(FUNCTIONS_DIR);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

function expectCors(res: Response) {
  expect(res.status).toBeGreaterThanOrEqual(200);
  expect(res.status).toBeLessThan(300);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  const allowed = (res.headers.get('access-control-allow-headers') ?? '')
    .toLowerCase()
    .split(/,\s*/);
  expect(allowed).toEqual(
    expect.arrayContaining(['authorization', 'apikey', 'content-type', 'x-client-info']),
  );
  expect(res.headers.get('access-control-allow-methods')).toContain('POST');
}

describe('the functions under the embedded server', () => {
  it('finds the function folders, and every documented answer belongs to one', () => {
    expect(names.length).toBeGreaterThanOrEqual(6);
    for (const name of Object.keys(DOCUMENTED)) expect(names).toContain(name);
  });

  it.each(names)(
    '%s: index.ts serves handler.ts, which answers at /functions/v1/ under its name',
    async (name) => {
      expect(indexShapeProblem(path.join(FUNCTIONS_DIR, name, 'index.ts'))).toBeNull();
      const url = `${server.url}/functions/v1/${name}`;

      // The browser's preflight: no token, answered with CORS headers that let the app's calls by.
      const pre = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://app.example.com',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, apikey, content-type, x-client-info',
        },
      });
      await pre.body?.cancel();
      expectCors(pre);
      // On Supabase Edge the preflight reaches the function itself (here the server's CORS layer
      // answers it first): the handler the server mounts answers it too, without any setting.
      const mod = (await import(
        pathToFileURL(path.join(FUNCTIONS_DIR, name, 'handler.ts')).href
      )) as {
        handler: (req: Request, env: (name: string) => string | undefined) => Promise<Response>;
      };
      const own = await mod.handler(new Request(url, { method: 'OPTIONS' }), () => undefined);
      await own.body?.cancel();
      expectCors(own);

      // No token at all: refused before the function runs, as Supabase's verify_jwt does.
      const bare = await fetch(url, { method: 'POST', body: '{}' });
      expect(bare.status).toBe(401);
      await bare.body?.cancel();

      // The anon key: the function itself answers, with its documented status and body.
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${server.keys.anonKey}`,
          apikey: server.keys.anonKey,
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = (await res.json()) as Record<string, unknown>;
      const documented = DOCUMENTED[name];
      if (documented) {
        expect({ status: res.status, body }).toMatchObject(documented);
      } else {
        // A new function: found and started (not 404, not 503), and no crash (not 500).
        expect(res.status).not.toBe(404);
        expect(res.status).toBeLessThan(500);
      }
    },
  );
});
