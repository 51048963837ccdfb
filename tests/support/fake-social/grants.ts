import { randomBytes } from 'node:crypto';

/** One-time authorization codes and minted tokens, per platform. */

export interface CodeGrant {
  clientId: string;
  /** Exactly as the dialog received it: the exchange compares it byte for byte. */
  redirectUri: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

export interface TokenGrant {
  kind: 'user' | 'page' | 'app' | 'refresh';
  appId: string;
  scopes: string[];
  /** Epoch ms; null never expires on a timer (page tokens, app tokens). */
  expiresAt: number | null;
  pageId?: string;
  /** LinkedIn: the member the token was issued to (`sub`); posts must be authored as them. */
  memberSub?: string;
}

export const randomId = (bytes = 24) => randomBytes(bytes).toString('base64url');

export class Grants {
  readonly codes = new Map<string, CodeGrant>();
  readonly tokens = new Map<string, TokenGrant>();
  /** Every token minted since the last reset, for checks that none reached the browser. */
  readonly issued = new Set<string>();

  constructor(
    /** The live set the contract exposes: removing a token there revokes it. */
    readonly live: Set<string>,
    private readonly codeTtlMs: number,
  ) {}

  issueCode(clientId: string, redirectUri: string, scopes: string[]): string {
    const code = randomId(32);
    this.codes.set(code, {
      clientId,
      redirectUri,
      scopes,
      expiresAt: Date.now() + this.codeTtlMs,
      used: false,
    });
    return code;
  }

  mint(prefix: string, grant: TokenGrant, token = `${prefix}${randomId(40)}`): string {
    this.tokens.set(token, grant);
    this.live.add(token);
    this.issued.add(token);
    return token;
  }

  /** ok, or why not: never issued, revoked (issued but no longer live) or expired. */
  check(
    token: string,
  ): { ok: true; grant: TokenGrant } | { ok: false; why: 'unknown' | 'revoked' | 'expired' } {
    const grant = this.tokens.get(token);
    if (!grant) return { ok: false, why: 'unknown' };
    if (!this.live.has(token)) return { ok: false, why: 'revoked' };
    if (grant.expiresAt !== null && grant.expiresAt <= Date.now())
      return { ok: false, why: 'expired' };
    return { ok: true, grant };
  }

  expire(token: string) {
    const grant = this.tokens.get(token);
    if (grant) grant.expiresAt = Date.now() - 1000;
  }

  clear() {
    this.codes.clear();
    this.tokens.clear();
    this.live.clear();
    this.issued.clear();
  }
}

/** Accepts `Authorization: Bearer x` (and Graph's older `OAuth x`). */
export function bearer(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const m = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(value ?? '');
  return m?.[1];
}

export function isHttpUrl(s: string | undefined): boolean {
  if (!s) return false;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** redirect_uri with the answer appended to its query, as both platforms do. */
export function redirectWith(
  redirectUri: string,
  params: Record<string, string>,
  hash = '',
): string {
  const u = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  if (hash && !u.hash) u.hash = hash;
  return u.toString();
}
