import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { ServerContext } from '../context.ts';
import type { Queryable, Tx } from '../db.ts';
import { bearerToken, signJwt, verifyJwt } from '../jwt.ts';
import { AuthError, badRequest, forbidden, unauthorized } from './errors.ts';
import { findUserById, userJson, type User } from './users.ts';

export type AuthMethod = 'password' | 'recovery' | 'email_change';

export interface Client {
  ip: string | null;
  userAgent: string | null;
}

/** Seconds within which a rotated refresh token still answers with the session's current pair. */
export const DEFAULT_REUSE_INTERVAL_SECONDS = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

function issuer(ctx: ServerContext): string {
  return `${ctx.apiUrl}/auth/v1`;
}

/** Sign-in methods that are a second factor: a session holding one of them is at aal2. */
const SECOND_FACTOR_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

type Aal = 'aal1' | 'aal2';

async function accessToken(
  ctx: ServerContext,
  user: User,
  sessionId: string,
  amr: { method: string; timestamp: number }[],
  aal: Aal,
) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.jwtExpirySeconds;
  const token = await signJwt(
    {
      iss: issuer(ctx),
      sub: user.id,
      aud: 'authenticated',
      exp,
      iat,
      email: user.email,
      phone: '',
      app_metadata: user.app_metadata ?? {},
      user_metadata: user.user_metadata ?? {},
      role: user.role,
      aal,
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    ctx.keys.jwtSecret,
  );
  return { token, exp };
}

async function tokenResponse(
  ctx: ServerContext,
  tx: Queryable,
  user: User,
  sessionId: string,
  refreshToken: string,
) {
  // As GoTrue: the session's aal and amr follow from its claims, newest first.
  const { rows } = await tx.query<{ method: string; ts: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::int as ts
       from auth.mfa_amr_claims where session_id = $1::uuid order by updated_at desc, authentication_method`,
    [sessionId],
  );
  const amr = rows.map((r) => ({ method: r.method, timestamp: r.ts }));
  const aal: Aal = amr.some((a) => SECOND_FACTOR_METHODS.has(a.method)) ? 'aal2' : 'aal1';
  const { token, exp } = await accessToken(ctx, user, sessionId, amr, aal);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

export type TokenResponse = Awaited<ReturnType<typeof tokenResponse>>;

function clientIp(client: Client): string | null {
  return client.ip && isIP(client.ip) ? client.ip : null;
}

/** A new session with its first refresh token, as a successful sign-in creates it. */
export async function startSession(
  ctx: ServerContext,
  tx: Tx,
  user: User,
  method: AuthMethod,
  client: Client,
): Promise<TokenResponse> {
  const sessionId = randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values ($1::uuid, $2::uuid, now(), now(), 'aal1', now() at time zone 'UTC', $3, $4::inet)`,
    [sessionId, user.id, client.userAgent, clientIp(client)],
  );
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1::uuid, $2::uuid, now(), now(), $3)`,
    [randomUUID(), sessionId, method],
  );
  const refreshToken = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), null, $3::uuid)`,
    [refreshToken, user.id, sessionId],
  );
  return tokenResponse(ctx, tx, user, sessionId, refreshToken);
}

/**
 * A verified second factor lifts the caller's session to aal2, as GoTrue's verify does: the
 * method joins the session's claims, the refresh token is rotated, and the user's other sessions
 * that are still below aal2 end.
 */
export async function raiseSession(
  ctx: ServerContext,
  tx: Tx,
  user: User,
  sessionId: string,
  factorId: string,
  method: 'totp',
): Promise<TokenResponse> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1::uuid, $2::uuid, now(), now(), $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
  await tx.query(
    `update auth.sessions set aal = 'aal2', factor_id = $2::uuid, updated_at = now() where id = $1::uuid`,
    [sessionId, factorId],
  );
  const current = await tx.query<{ token: string }>(
    `select token from auth.refresh_tokens where session_id = $1::uuid and not coalesce(revoked, false)
      order by id desc limit 1`,
    [sessionId],
  );
  await tx.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
      where session_id = $1::uuid and not coalesce(revoked, false)`,
    [sessionId],
  );
  const issued = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4::uuid)`,
    [issued, user.id, current.rows[0]?.token ?? null, sessionId],
  );
  await tx.query(`delete from auth.sessions where user_id = $1::uuid and aal < 'aal2'`, [user.id]);
  return tokenResponse(ctx, tx, user, sessionId, issued);
}

/** Unenrolling a factor takes the sessions it raised back to aal1 (GoTrue's DowngradeSessionsToAAL1). */
export async function lowerSessions(
  tx: Queryable,
  userId: string,
  factorId: string,
  factorType: string,
): Promise<void> {
  await tx.query(
    `delete from auth.mfa_amr_claims
      where authentication_method = $2
        and session_id in (select id from auth.sessions where factor_id = $1::uuid)`,
    [factorId, factorType],
  );
  await tx.query(
    `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now()
      where user_id = $1::uuid and factor_id = $2::uuid`,
    [userId, factorId],
  );
}

interface PresentedToken {
  id: string;
  token: string;
  revoked: boolean;
  user_id: string;
  session_id: string;
  within_reuse: boolean;
  session_ended: boolean;
}

/**
 * The refresh_token grant. Rotation: the presented token is revoked and a child issued. A token
 * already rotated within the reuse interval answers with the session's current pair (tabs racing
 * to refresh must not sign the user out); later, it is treated as stolen: every token of the
 * session is revoked and the session ended.
 */
export async function refreshSession(
  ctx: ServerContext,
  presented: string,
  client: Client,
  reuseIntervalSeconds: number,
): Promise<TokenResponse> {
  const notFound = () =>
    badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  // Postgres text cannot hold NUL, and no issued token contains one.
  if (presented.includes('\0')) throw notFound();
  const outcome = await ctx.db.transaction(async (tx): Promise<TokenResponse | AuthError> => {
    const { rows } = await tx.query<PresentedToken>(
      `select rt.id::text as id, rt.token, coalesce(rt.revoked, false) as revoked, rt.user_id, rt.session_id::text as session_id,
              (rt.updated_at + make_interval(secs => $2::float8)) > now() as within_reuse,
              (s.not_after is not null and s.not_after <= now()) as session_ended
         from auth.refresh_tokens rt
         join auth.sessions s on s.id = rt.session_id
        where rt.token = $1
        for update of rt, s`,
      [presented, reuseIntervalSeconds],
    );
    const row = rows[0];
    if (!row) return notFound();
    const user = await findUserById(tx, row.user_id);
    if (!user) return notFound();

    let issued: string;
    // A revoked token is judged before the session: reuse detection ends the session too, and
    // every token of the family, the newest included, must then answer "Already Used".
    if (row.revoked) {
      const active = await tx.query<{ token: string }>(
        `select token from auth.refresh_tokens where session_id = $1::uuid and not coalesce(revoked, false) order by id desc limit 1`,
        [row.session_id],
      );
      const current = active.rows[0];
      if (!row.within_reuse || !current) {
        await tx.query(
          `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1::uuid and not coalesce(revoked, false)`,
          [row.session_id],
        );
        await tx.query(
          'update auth.sessions set not_after = coalesce(not_after, now()), updated_at = now() where id = $1::uuid',
          [row.session_id],
        );
        return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      issued = current.token;
    } else if (row.session_ended) {
      return badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    } else {
      issued = newRefreshToken();
      await tx.query(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint',
        [row.id],
      );
      await tx.query(
        `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
         values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4::uuid)`,
        [issued, row.user_id, row.token, row.session_id],
      );
    }
    await tx.query(
      `update auth.sessions set refreshed_at = now() at time zone 'UTC', updated_at = now(), user_agent = $2, ip = $3::inet
        where id = $1::uuid`,
      [row.session_id, client.userAgent, clientIp(client)],
    );
    return tokenResponse(ctx, tx, user, row.session_id, issued);
  });
  // Reuse detection must commit its revocation, so it comes back as a value, not a throw.
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ending a session deletes it; its refresh tokens go with it (on delete cascade). */
export async function endSessions(
  db: Queryable,
  userId: string,
  sessionId: string | null,
  scope: LogoutScope,
): Promise<void> {
  if (sessionId && scope === 'local') {
    await db.query('delete from auth.sessions where id = $1::uuid', [sessionId]);
  } else if (sessionId && scope === 'others') {
    await db.query('delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid', [
      userId,
      sessionId,
    ]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1::uuid', [userId]);
  }
}

export interface Authenticated {
  user: User;
  sessionId: string | null;
}

const badJwt = (detail: string) =>
  forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);

/**
 * The checks GoTrue makes on an access token: signature and expiry, a UUID `sub` naming an
 * existing user, and a `session_id` naming a live session (so a signed-out token stops working).
 */
export async function authenticate(
  ctx: ServerContext,
  authorization: string | undefined,
): Promise<Authenticated> {
  const token = bearerToken(authorization);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  if (token.split('.').length !== 3)
    throw badJwt('token is malformed: token contains an invalid number of segments');
  const check = await verifyJwt(token, ctx.keys.jwtSecret);
  if (!check.ok) {
    throw badJwt(
      check.reason === 'expired'
        ? 'token has invalid claims: token is expired'
        : 'token signature is invalid: signature is invalid',
    );
  }
  const { claims } = check;
  if (typeof claims.sub !== 'string' || claims.sub === '')
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(claims.sub))
    throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (aud !== 'authenticated')
    throw badRequest('validation_failed', "Token audience doesn't match request audience");
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId =
    typeof claims.session_id === 'string' && claims.session_id !== '' ? claims.session_id : null;
  if (sessionId) {
    if (!UUID.test(sessionId))
      throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const live = await ctx.db.query(
      `select 1 from auth.sessions where id = $1::uuid and user_id = $2::uuid and (not_after is null or not_after > now())`,
      [sessionId, user.id],
    );
    if (live.rows.length === 0)
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, sessionId };
}
