import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { signJwt } from './jwt.ts';

export interface Keys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** AES-256-GCM key (base64url) sealing social app secrets and platform tokens. */
  socialSecretsKey: string;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

async function makeApiKey(role: 'anon' | 'service_role', secret: string): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt({ iss: 'supabase', ref: 'local', role, iat, exp: iat + TEN_YEARS }, secret);
}

/**
 * Keys as a Supabase project has them: one HS256 secret, and the anon and service_role API keys
 * signed with it. Generated once and kept in DATA_DIR; environment values win.
 */
export async function loadKeys(opts: {
  dataDir: string | null;
  jwtSecret?: string | undefined;
  anonKey?: string | undefined;
  serviceRoleKey?: string | undefined;
  socialSecretsKey?: string | undefined;
}): Promise<Keys> {
  const file = opts.dataDir ? path.join(opts.dataDir, 'keys.json') : null;
  let stored: Partial<Keys> = {};
  if (file) {
    try {
      stored = JSON.parse(await readFile(file, 'utf8')) as Partial<Keys>;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        throw new Error(`Cannot read ${file}: ${(e as Error).message}`);
    }
  }
  const jwtSecret = opts.jwtSecret ?? stored.jwtSecret ?? randomBytes(32).toString('base64url');
  const sameSecret = stored.jwtSecret === jwtSecret;
  const keys: Keys = {
    jwtSecret,
    anonKey:
      opts.anonKey ??
      (sameSecret && stored.anonKey ? stored.anonKey : await makeApiKey('anon', jwtSecret)),
    serviceRoleKey:
      opts.serviceRoleKey ??
      (sameSecret && stored.serviceRoleKey
        ? stored.serviceRoleKey
        : await makeApiKey('service_role', jwtSecret)),
    // Independent of the JWT secret: rotating that must not make the sealed secrets unreadable.
    socialSecretsKey:
      opts.socialSecretsKey ?? stored.socialSecretsKey ?? randomBytes(32).toString('base64url'),
  };
  const next: Partial<Keys> = { ...stored };
  let changed = false;
  if (!opts.jwtSecret && (!sameSecret || !stored.anonKey || !stored.serviceRoleKey)) {
    next.jwtSecret = keys.jwtSecret;
    next.anonKey = keys.anonKey;
    next.serviceRoleKey = keys.serviceRoleKey;
    changed = true;
  }
  if (!opts.socialSecretsKey && !stored.socialSecretsKey) {
    next.socialSecretsKey = keys.socialSecretsKey;
    changed = true;
  }
  if (file && changed) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(next, null, 2), { mode: 0o600 });
  }
  return keys;
}
