import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as metricsCollector } from '../../supabase/functions/metrics-collector/handler.ts';
import { handler as publisher } from '../../supabase/functions/publisher/handler.ts';
import { startTestServer, type TestServer } from './harness.ts';

// The scheduled functions take the service role only from a bearer that proves it: the exact
// service role key, or a service_role JWT signed with the function's JWT_SECRET. Called straight
// at the handler too, as if the gateway's verify_jwt were off.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** A token anyone can write: `alg: none`, no signature, the service role claimed. */
function unsignedServiceRole(): string {
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ role: 'service_role', iss: 'supabase', exp: now() + 3600 })}.`;
}

function signed(secret: string, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

function env(extra: Record<string, string> = {}) {
  const values: Record<string, string> = {
    SUPABASE_URL: server.url,
    SUPABASE_ANON_KEY: server.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: server.keys.serviceRoleKey,
    SOCIAL_SECRETS_KEY: server.keys.socialSecretsKey,
    ...extra,
  };
  return (name: string) => values[name];
}

function post(bearer: string, name: string): Request {
  return new Request(`${server.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ limit: 1 }),
  });
}

const FUNCTIONS = [
  { name: 'publisher', handler: publisher, denied: 'The publisher needs the service role.' },
  { name: 'metrics-collector', handler: metricsCollector, denied: 'Not authenticated' },
] as const;

describe.each(FUNCTIONS)('$name takes the service role only from a proven bearer', (fn) => {
  it('refuses forged tokens claiming the service role, straight at the handler', async () => {
    const wrongSecret = await signed('not-the-project-secret-not-the-project-secret', {
      role: 'service_role',
      exp: now() + 3600,
    });
    const expired = await signed(server.keys.jwtSecret, { role: 'service_role', exp: now() - 60 });
    // With JWT_SECRET set too: the forgeries still fail its signature check.
    for (const e of [env(), env({ JWT_SECRET: server.keys.jwtSecret })]) {
      for (const bearer of [unsignedServiceRole(), wrongSecret, expired]) {
        const res = await fn.handler(post(bearer, fn.name), e);
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ error: fn.denied });
      }
    }
  });

  it('refuses the forged token through the embedded server as well', async () => {
    const res = await fetch(`${server.url}/functions/v1/${fn.name}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${unsignedServiceRole()}` },
    });
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it('accepts the service role key, and a signed service_role JWT only when JWT_SECRET is set', async () => {
    const ok = await fn.handler(post(server.keys.serviceRoleKey, fn.name), env());
    expect(ok.status).toBe(200);
    // The key given as one of the new-style secret keys is as good.
    const viaSecretKeys = await fn.handler(
      post('sb_secret_test-key', fn.name),
      env({ SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_test-key' }) }),
    );
    expect(viaSecretKeys.status).toBe(200);

    const token = await signed(server.keys.jwtSecret, {
      role: 'service_role',
      iss: 'supabase',
      exp: now() + 3600,
    });
    expect(token).not.toBe(server.keys.serviceRoleKey);
    const withoutSecret = await fn.handler(post(token, fn.name), env());
    expect(withoutSecret.status).toBe(401);
    const withSecret = await fn.handler(
      post(token, fn.name),
      env({ JWT_SECRET: server.keys.jwtSecret }),
    );
    expect(withSecret.status).toBe(200);

    // A signed token of another role is not the service role.
    const anonJwt = await fn.handler(
      post(server.keys.anonKey, fn.name),
      env({ JWT_SECRET: server.keys.jwtSecret }),
    );
    expect(anonJwt.status).toBe(401);
  });
});
