import { SignJWT, jwtVerify, errors } from 'jose';

export interface JwtClaims {
  sub?: string;
  role: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
  iss?: string;
  email?: string;
  session_id?: string;
  [claim: string]: unknown;
}

export type JwtCheck =
  { ok: true; claims: JwtClaims } | { ok: false; reason: 'expired' | 'invalid' };

const encoder = new TextEncoder();

export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(encoder.encode(secret));
}

/** HS256 only: tokens signed with another algorithm or key, or unsigned, are invalid. */
export async function verifyJwt(token: string, secret: string): Promise<JwtCheck> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
    if (typeof payload.role !== 'string') return { ok: false, reason: 'invalid' };
    return { ok: true, claims: payload as JwtClaims };
  } catch (e) {
    if (e instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

/** The bearer token of a request, or null when the header is absent or not a bearer token. */
export function bearerToken(authorization: string | undefined | null): string | null {
  if (!authorization) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return m ? m[1]! : null;
}
