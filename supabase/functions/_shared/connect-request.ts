import type { EnvReader } from './env.ts';
import { json, preflight } from './http.ts';
import { isObject, nonEmptyString } from './platform-fetch.ts';
import { requireUser } from './supabase-admin.ts';

/** The body of a connect call, `{code, redirect_uri?}`, checked. */
export interface ConnectRequest {
  code: string;
  /** Exactly what the browser's dialog used: the platform compares it byte for byte. */
  redirectUri: string;
}

const MAX_CODE_LENGTH = 4096;
const MAX_BODY_BYTES = 16 * 1024;

/** `{origin}{callbackPath}` when `value` is an http(s) origin, else null. */
function callbackFromOrigin(value: string | null, callbackPath: string): string | null {
  if (!value || value === 'null') return null;
  try {
    const u = new URL(value);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.origin !== value) return null;
    return `${u.origin}${callbackPath}`;
  } catch {
    return null;
  }
}

/** A given redirect_uri is accepted only as `{http(s) origin}{callbackPath}`, nothing more. */
function validRedirect(value: string, callbackPath: string): boolean {
  try {
    const u = new URL(value);
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') && `${u.origin}${callbackPath}` === value
    );
  } catch {
    return false;
  }
}

/**
 * Reads `{code, redirect_uri?}`. redirect_uri defaults to the app's callback page on the calling
 * origin (the Origin header), as the browser's dialog used it.
 */
export async function readConnectRequest(
  req: Request,
  callbackPath: string,
): Promise<ConnectRequest | { error: string }> {
  let raw: unknown;
  try {
    const text = await req.text();
    if (text.length > MAX_BODY_BYTES) return { error: 'Request body is too large' };
    raw = JSON.parse(text);
  } catch {
    return { error: 'Request body must be JSON: {"code": "..."}' };
  }
  if (!isObject(raw)) return { error: 'Request body must be JSON: {"code": "..."}' };
  const code = raw.code;
  if (!nonEmptyString(code) || !code.trim()) return { error: 'Missing authorization code' };
  if (code.length > MAX_CODE_LENGTH) return { error: 'Invalid authorization code' };
  const given = raw.redirect_uri;
  if (given !== undefined && given !== null) {
    if (typeof given !== 'string' || !validRedirect(given, callbackPath)) {
      return { error: `redirect_uri must be an http(s) address ending in ${callbackPath}` };
    }
    return { code, redirectUri: given };
  }
  const fromOrigin = callbackFromOrigin(req.headers.get('origin'), callbackPath);
  if (!fromOrigin) {
    return { error: 'redirect_uri is required when the request has no Origin header' };
  }
  return { code, redirectUri: fromOrigin };
}

/**
 * The opening both connect functions share: a CORS preflight, POST only, the signed-in user and
 * the checked body. A Response is the answer to give as is.
 */
export async function openConnect(
  req: Request,
  env: EnvReader,
  callbackPath: string,
): Promise<Response | { user: { id: string; email: string | null }; input: ConnectRequest }> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return json({ error: 'Method not allowed' }, 405);
  const user = await requireUser(req, env);
  if (user instanceof Response) return user;
  const input = await readConnectRequest(req, callbackPath);
  if ('error' in input) return json({ error: input.error }, 400);
  return { user, input };
}
