import { jwtVerify } from 'jose';
import type { EnvReader } from './env.ts';

// Who may run the scheduled functions (publisher, metrics-collector): the service role, proven by
// the bearer itself. A `role` claim alone proves nothing: if the function were deployed with
// verify_jwt off, or reached past the gateway, anyone could write it into an unsigned token. So the
// bearer must be the service role key the platform gives every function (SUPABASE_SERVICE_ROLE_KEY,
// or one of the new-style SUPABASE_SECRET_KEYS), or a service_role JWT whose HS256 signature
// verifies with JWT_SECRET when that secret is set for the function.

/** Equal strings, compared in time that does not depend on where they first differ. */
function same(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i % (b.length || 1));
  return diff === 0;
}

/** The values of SUPABASE_SECRET_KEYS, a JSON object of name → key on hosted Supabase. */
function secretKeys(env: EnvReader): string[] {
  const raw = env('SUPABASE_SECRET_KEYS');
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return [];
    return Object.values(parsed).filter((v): v is string => typeof v === 'string' && v !== '');
  } catch {
    return [];
  }
}

async function signedServiceRole(token: string, secret: string): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
    });
    return payload.role === 'service_role';
  } catch {
    return false;
  }
}

/** Whether the request's bearer token is the service role's, checked as above. */
export async function isServiceRole(req: Request, env: EnvReader): Promise<boolean> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get('authorization') ?? '');
  if (!match) return false;
  const token = match[1]!;
  const keys = [env('SUPABASE_SERVICE_ROLE_KEY'), ...secretKeys(env)];
  if (keys.some((key) => key && same(token, key))) return true;
  const secret = env('JWT_SECRET');
  return secret ? signedServiceRole(token, secret) : false;
}
