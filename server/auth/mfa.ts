import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { z } from 'zod';
import { clientAddress } from '../client-address.ts';
import type { RateLimit } from '../config.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db.ts';
import { AuthError, badRequest, forbidden, rateLimited, unprocessable } from './errors.ts';
import { parseBody } from './input.ts';
import { addressKey, SlidingWindowLimiter } from './rate-limit.ts';
import { authenticate, lowerSessions, raiseSession, type Authenticated } from './sessions.ts';
import { findUserById, listFactors, type FactorRow } from './users.ts';

/** GoTrue's defaults (GOTRUE_MFA_*): challenge lifetime, unverified-factor lifetime, factor caps. */
export const DEFAULT_MFA_CHALLENGE_EXPIRY_SECONDS = 300;
export const DEFAULT_MFA_RATE_LIMIT: RateLimit = { max: 15, windowMs: 60_000 };
const FACTOR_EXPIRY_SECONDS = 300;
const MAX_ENROLLED_FACTORS = 10;
const MAX_VERIFIED_FACTORS = 10;
/** Wrong codes a factor may take per window before it must wait, whatever the address. */
const FAILED_CODES_PER_FACTOR: RateLimit = { max: 5, windowMs: 5 * 60_000 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const enrollBody = z.object({
  friendly_name: z.string().nullish(),
  factor_type: z.string().nullish(),
  issuer: z.string().nullish(),
  phone: z.string().nullish(),
});

// GoTrue decodes challenge_id into a UUID: anything else is a body it cannot parse.
const verifyBody = z.object({
  challenge_id: z.string().regex(UUID, 'challenge_id must be a UUID').nullish(),
  code: z.string().nullish(),
});

const notFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found');

/** pquerna/otp's defaults, which GoTrue enrols and verifies with: SHA-1, 6 digits, 30 s, ±1 step. */
function totp(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * The QR code as GoTrue sends it: bare SVG markup, which supabase-js turns into a
 * `data:image/svg+xml;utf-8,` URI. Unescaped, a `#` would end that URI, so colours go by name.
 */
async function qrSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
  return svg.replaceAll('#ffffff', 'white').replaceAll('#000000', 'black').trim();
}

/** An address auth.mfa_challenges.ip_address (inet) can hold. */
function challengeAddress(c: Context): string {
  const address = clientAddress(c);
  return isIP(address) ? address : '0.0.0.0';
}

async function sessionAal(db: Queryable, sessionId: string): Promise<string | null> {
  const { rows } = await db.query<{ aal: string | null }>(
    'select aal::text as aal from auth.sessions where id = $1::uuid',
    [sessionId],
  );
  return rows[0]?.aal ?? null;
}

interface Caller extends Authenticated {
  sessionId: string;
}

/** Factor routes act on the caller's session (GoTrue refuses a token without one). */
async function caller(ctx: ServerContext, c: Context): Promise<Caller> {
  const auth = await authenticate(ctx, c.req.header('authorization'));
  if (!auth.sessionId)
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  return { ...auth, sessionId: auth.sessionId };
}

/** GoTrue's loadFactor: the path names one of the caller's own factors, else 404. */
async function ownFactor(db: Queryable, userId: string, factorId: string) {
  if (!UUID.test(factorId))
    throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  const { rows } = await db.query<FactorRow & { secret: string | null }>(
    `select id::text as id, friendly_name, factor_type::text as factor_type, status::text as status,
            phone, secret, null as last_challenged_at, null as created_at, null as updated_at
       from auth.mfa_factors where id = $1::uuid and user_id = $2::uuid`,
    [factorId, userId],
  );
  const factor = rows[0];
  if (!factor) throw notFound();
  return factor;
}

/**
 * /factors: enrol, challenge, verify and unenrol TOTP factors, with GoTrue's request and
 * response shapes, error codes and messages, so supabase-js's `auth.mfa` works unchanged.
 */
export function createMfaRoutes(ctx: ServerContext, apiKey: MiddlewareHandler): Hono {
  const app = new Hono();
  const expirySeconds =
    ctx.config.mfaChallengeExpirySeconds ?? DEFAULT_MFA_CHALLENGE_EXPIRY_SECONDS;
  const limit = ctx.config.mfaRateLimit ?? DEFAULT_MFA_RATE_LIMIT;
  const perAddress = new SlidingWindowLimiter(limit.max, limit.windowMs);
  const failuresPerFactor = new SlidingWindowLimiter(
    FAILED_CODES_PER_FACTOR.max,
    FAILED_CODES_PER_FACTOR.windowMs,
  );

  /** GoTrue's mfa.rate_limit_challenge_and_verify: both routes count per client address. */
  const limitAddress: MiddlewareHandler = async (c, next) => {
    const key = addressKey(clientAddress(c));
    const wait = perAddress.retryAfter(key);
    if (wait > 0) throw rateLimited(wait);
    perAddress.record(key);
    await next();
  };

  app.post('/factors', apiKey, async (c) => {
    const { user, sessionId } = await caller(ctx, c);
    const body = parseBody(await c.req.text(), enrollBody);
    if (body.factor_type === 'phone')
      throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (body.factor_type === 'webauthn')
      throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    if (body.factor_type !== 'totp')
      throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
    const friendlyName = body.friendly_name ?? '';
    const issuer = body.issuer || new URL(ctx.config.siteUrl ?? ctx.apiUrl).host;

    const secret = new Secret({ size: 20 }).base32;
    const uri = totp(secret, issuer, user.email).toString();
    const qrCode = await qrSvg(uri);
    const id = randomUUID();
    await ctx.db.transaction(async (tx) => {
      // One enrolment at a time per user, so the caps below hold.
      await tx.query('select 1 from auth.users where id = $1::uuid for update', [user.id]);
      await tx.query(
        `delete from auth.mfa_factors f
          where f.status <> 'verified' and f.created_at + make_interval(secs => $1::float8) < now()
            and not exists (select 1 from auth.mfa_challenges ch where ch.factor_id = f.id)`,
        [FACTOR_EXPIRY_SECONDS],
      );
      const factors = await listFactors(tx, user.id);
      if (factors.some((f) => (f.friendly_name ?? '') === friendlyName)) {
        throw unprocessable(
          'mfa_factor_name_conflict',
          `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
        );
      }
      const verified = factors.filter((f) => f.status === 'verified').length;
      if (factors.length >= MAX_ENROLLED_FACTORS || verified >= MAX_VERIFIED_FACTORS) {
        throw unprocessable(
          'too_many_enrolled_mfa_factors',
          'Maximum number of verified factors reached, unenroll to continue',
        );
      }
      if (verified > 0 && (await sessionAal(tx, sessionId)) !== 'aal2')
        throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
      // The secret is stored as GoTrue stores it without GOTRUE_SECURITY_DB_ENCRYPTION.
      await tx.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1::uuid, $2::uuid, $3, 'totp', 'unverified', now(), now(), $4)`,
        [id, user.id, friendlyName, secret],
      );
    });
    return c.json({
      id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: qrCode, secret, uri },
    });
  });

  app.post('/factors/:factorId/challenge', apiKey, limitAddress, async (c) => {
    const { user } = await caller(ctx, c);
    const factor = await ownFactor(ctx.db, user.id, c.req.param('factorId'));
    if (factor.factor_type !== 'totp')
      throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
    const id = randomUUID();
    const { rows } = await ctx.db.transaction(async (tx) => {
      const created = await tx.query<{ expires_at: number }>(
        `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
         values ($1::uuid, $2::uuid, now(), $3::inet)
         returning extract(epoch from created_at + make_interval(secs => $4::float8))::bigint as expires_at`,
        [id, factor.id, challengeAddress(c), expirySeconds],
      );
      await tx.query('update auth.mfa_factors set last_challenged_at = now() where id = $1::uuid', [
        factor.id,
      ]);
      return created;
    });
    return c.json({ id, type: 'totp', expires_at: Number(rows[0]!.expires_at) });
  });

  app.post('/factors/:factorId/verify', apiKey, limitAddress, async (c) => {
    const { user, sessionId } = await caller(ctx, c);
    const factor = await ownFactor(ctx.db, user.id, c.req.param('factorId'));
    const body = parseBody(await c.req.text(), verifyBody);
    if (!body.code) throw badRequest('validation_failed', 'Code needs to be non-empty');
    if (factor.factor_type !== 'totp')
      throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
    const wait = failuresPerFactor.retryAfter(factor.id);
    if (wait > 0) throw rateLimited(wait);

    const { rows } = await ctx.db.query<{ verified: boolean; ip: string; expired: boolean }>(
      `select verified_at is not null as verified, host(ip_address) as ip,
              created_at + make_interval(secs => $3::float8) < now() as expired
         from auth.mfa_challenges where id = $1::uuid and factor_id = $2::uuid`,
      [body.challenge_id ?? '00000000-0000-0000-0000-000000000000', factor.id, expirySeconds],
    );
    const challenge = rows[0];
    if (!challenge) {
      throw unprocessable(
        'mfa_factor_not_found',
        'MFA factor with the provided challenge ID not found',
      );
    }
    if (challenge.verified || challenge.ip !== challengeAddress(c))
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    if (challenge.expired) {
      await ctx.db.query('delete from auth.mfa_challenges where id = $1::uuid', [
        body.challenge_id,
      ]);
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${body.challenge_id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    if (!factor.secret || totp(factor.secret).validate({ token: body.code, window: 1 }) === null) {
      failuresPerFactor.record(factor.id);
      throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    }
    failuresPerFactor.reset(factor.id);

    const session = await ctx.db.transaction(async (tx) => {
      // A challenge is good for one verification, even when two arrive at once.
      const claimed = await tx.query(
        `update auth.mfa_challenges set verified_at = now()
          where id = $1::uuid and verified_at is null returning id`,
        [body.challenge_id],
      );
      if (claimed.rowCount === 0)
        throw unprocessable(
          'mfa_ip_address_mismatch',
          'Challenge and verify IP addresses mismatch.',
        );
      await tx.query(
        `update auth.mfa_factors set status = 'verified', updated_at = now()
          where id = $1::uuid and status <> 'verified'`,
        [factor.id],
      );
      await tx.query(
        `delete from auth.mfa_factors where user_id = $1::uuid and status = 'unverified' and factor_type = 'totp'`,
        [user.id],
      );
      const fresh = await findUserById(tx, user.id);
      if (!fresh) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
      return raiseSession(ctx, tx, fresh, sessionId, factor.id, 'totp');
    });
    return c.json(session);
  });

  app.delete('/factors/:factorId', apiKey, async (c) => {
    const { user, sessionId } = await caller(ctx, c);
    const factor = await ownFactor(ctx.db, user.id, c.req.param('factorId'));
    if (factor.status === 'verified' && (await sessionAal(ctx.db, sessionId)) !== 'aal2')
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    await ctx.db.transaction(async (tx) => {
      await tx.query('delete from auth.mfa_factors where id = $1::uuid', [factor.id]);
      await lowerSessions(tx, user.id, factor.id, factor.factor_type);
    });
    return c.json({ id: factor.id });
  });

  return app;
}
