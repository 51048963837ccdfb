import { bearerToken, verifyJwt, type JwtClaims } from '../jwt.ts';
import { RestError } from './errors.ts';

export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export interface RequestAuth {
  role: ApiRole;
  claims: JwtClaims;
  /** The claims as request.jwt.claims receives them. */
  claimsJson: string;
  /** PostgREST answers 42501 with 403 to a signed-in role and 401 to anon. */
  authenticated: boolean;
}

const ANON: RequestAuth = {
  role: 'anon',
  claims: { role: 'anon' },
  claimsJson: '{"role":"anon"}',
  authenticated: false,
};

function jwtError(
  code: 'PGRST301' | 'PGRST303',
  message: string,
  details: string | null = null,
): RestError {
  const description = message.replace(/["\\]/g, '');
  return new RestError(401, code, message, details, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"`,
  });
}

/**
 * Verified tokens, so a busy client does not pay an HMAC per request. Only successful checks are
 * kept, keyed by the exact token text; expiry is re-checked on every hit.
 */
class VerifiedTokens {
  private readonly entries = new Map<string, RequestAuth>();
  constructor(private readonly max = 1000) {}

  get(token: string): RequestAuth | undefined {
    return this.entries.get(token);
  }

  set(token: string, auth: RequestAuth): void {
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, auth);
  }

  delete(token: string): void {
    this.entries.delete(token);
  }
}

export function createAuthResolver(
  secret: string,
): (authorization: string | undefined, apikey: string | undefined) => Promise<RequestAuth> {
  const cache = new VerifiedTokens();
  return async (authorization, apikey) => {
    // supabase-js always sends Authorization; a bare apikey (curl, scripts) stands in for it.
    const token =
      bearerToken(authorization) ??
      (authorization ? null : bearerToken(apikey ? `Bearer ${apikey}` : undefined));
    if (authorization && !bearerToken(authorization)) {
      throw jwtError('PGRST301', 'Authorization header is not a Bearer token');
    }
    if (!token) return ANON;
    const now = Math.floor(Date.now() / 1000);
    const cached = cache.get(token);
    if (cached) {
      if (typeof cached.claims.exp !== 'number' || cached.claims.exp > now) return cached;
      cache.delete(token);
    }
    const parts = token.split('.').length;
    if (parts !== 3) {
      throw jwtError(
        'PGRST301',
        `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${parts})`,
      );
    }
    const check = await verifyJwt(token, secret);
    if (!check.ok) {
      throw check.reason === 'expired'
        ? jwtError('PGRST303', 'JWT expired')
        : jwtError('PGRST301', 'JWSError JWSInvalidSignature');
    }
    const claims = check.claims;
    const role = claims.role;
    if (!(API_ROLES as readonly string[]).includes(role)) {
      throw jwtError(
        'PGRST301',
        'JWT role is not allowed',
        `role "${role}" is not one of ${API_ROLES.join(', ')}`,
      );
    }
    const auth: RequestAuth = {
      role: role as ApiRole,
      claims,
      claimsJson: JSON.stringify(claims),
      authenticated: role !== 'anon',
    };
    if (typeof claims.nbf !== 'number' || claims.nbf <= now) cache.set(token, auth);
    return auth;
  };
}
