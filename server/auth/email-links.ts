import { createHash, randomBytes } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db.ts';
import { badRequest, emailRateLimited, unprocessable } from './errors.ts';
import { deliverMail } from './local-mail.ts';
import { SlidingWindowLimiter } from './rate-limit.ts';
import { startSession, type Client } from './sessions.ts';
import { findUserByEmail, findUserById, setEmail, type User } from './users.ts';

/** How long an emailed link works (GoTrue's default OTP expiry). */
export const LINK_TTL_SECONDS = 3600;
/** GoTrue's default SMTP max frequency: one recovery mail per address per minute. */
export const MAIL_INTERVAL_SECONDS = 60;
/** Past this many addresses in the last minute the oldest are forgotten, so memory stays bounded. */
const MAX_THROTTLED_ADDRESSES = 100_000;

/**
 * When each requested address last asked for a recovery mail, kept per server in memory. It is
 * keyed on the address whether or not it has an account, so the answer to a second request does
 * not tell anyone which addresses are registered.
 */
export class MailThrottle {
  private readonly limiter: SlidingWindowLimiter;

  constructor(intervalMs = MAIL_INTERVAL_SECONDS * 1000, now: () => number = Date.now) {
    this.limiter = new SlidingWindowLimiter(1, intervalMs, now, MAX_THROTTLED_ADDRESSES);
  }

  /** Seconds until `address` may ask again, or 0 when it may now (and this request counts). */
  claim(address: string): number {
    const wait = this.limiter.retryAfter(address);
    if (wait > 0) return Math.max(1, Math.ceil(wait / 1000));
    this.limiter.record(address);
    return 0;
  }

  get size(): number {
    return this.limiter.size;
  }
}

const throttles = new WeakMap<ServerContext, MailThrottle>();

function throttleFor(ctx: ServerContext): MailThrottle {
  let throttle = throttles.get(ctx);
  if (!throttle) {
    throttle = new MailThrottle();
    throttles.set(ctx, throttle);
  }
  return throttle;
}

export type LinkType = 'recovery' | 'email_change';
const OTHER_GOTRUE_TYPES = new Set(['signup', 'invite', 'magiclink', 'email']);

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function isLoopback(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
}

function parseHttpUrl(value: string | undefined | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Where an emailed link may send the tokens. Like GoTrue's URI allow list: the site URL and this
 * API, plus loopback addresses while the site itself is local. Anything else would hand a
 * stranger's reset link to whoever asked for it.
 */
export function isAllowedRedirect(ctx: ServerContext, candidate: string): boolean {
  const url = parseHttpUrl(candidate);
  if (!url) return false;
  const site = parseHttpUrl(ctx.config.siteUrl);
  const api = parseHttpUrl(ctx.apiUrl);
  if (site?.origin === url.origin || api?.origin === url.origin) return true;
  return isLoopback(url) && (!site || isLoopback(site));
}

export function redirectTarget(
  ctx: ServerContext,
  requested: string | undefined,
  origin: string | undefined,
): string {
  for (const candidate of [requested, origin]) {
    if (candidate && isAllowedRedirect(ctx, candidate)) return candidate;
  }
  return ctx.config.siteUrl ?? ctx.apiUrl;
}

function verifyLink(ctx: ServerContext, token: string, type: LinkType, redirectTo: string): string {
  const q = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${ctx.apiUrl}/auth/v1/verify?${q.toString()}`;
}

/**
 * POST /recover: a one-time reset link in the local mailbox when the address has an account.
 * Known and unknown addresses get the same answers and run the same statements; only a known one
 * has a row to update and a mail to receive.
 */
export async function sendRecovery(
  ctx: ServerContext,
  email: string,
  redirectTo: string,
): Promise<void> {
  const wait = throttleFor(ctx).claim(email);
  if (wait > 0) throw emailRateLimited(wait);
  const token = randomBytes(32).toString('base64url');
  const link = verifyLink(ctx, token, 'recovery', redirectTo);
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string }>(
      `update auth.users set recovery_token = $2, recovery_sent_at = now()
        where lower(email) = $1 and deleted_at is null
        returning email`,
      [email, hashToken(token)],
    );
    const to = rows[0]?.email;
    if (!to) return;
    await deliverMail(tx, {
      to,
      subject: 'Reset Your Password',
      text: `Reset Password\n\nFollow this link to reset the password for your user:\n${link}\n\nThe link works once and expires in one hour. If you did not ask for it, ignore this email.`,
      link,
    });
  });
}

/**
 * PUT /user with a new address. As GoTrue's secure email change: one link to the current address
 * and one to the new, and the address changes only once both were followed. A new request voids
 * the links of an earlier one.
 */
export async function sendEmailChange(
  ctx: ServerContext,
  db: Queryable,
  user: User,
  newEmail: string,
  redirectTo: string,
): Promise<void> {
  const taken = await findUserByEmail(db, newEmail);
  if (taken && taken.id !== user.id) {
    throw unprocessable(
      'email_exists',
      'A user with this email address has already been registered',
    );
  }
  const tokenNew = randomBytes(32).toString('base64url');
  const tokenCurrent = randomBytes(32).toString('base64url');
  await db.query(
    `update auth.users
        set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
            email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now()
      where id = $1::uuid`,
    [user.id, newEmail, hashToken(tokenNew), hashToken(tokenCurrent)],
  );
  for (const [to, token] of [
    [user.email, tokenCurrent],
    [newEmail, tokenNew],
  ] as const) {
    const link = verifyLink(ctx, token, 'email_change', redirectTo);
    await deliverMail(db, {
      to,
      subject: 'Confirm Email Change',
      text: `Confirm Change of Email\n\nFollow this link to confirm the update of your email from ${user.email} to ${newEmail}:\n${link}\n\nThe change takes effect once the links sent to both addresses have been followed.`,
      link,
    });
  }
}

export interface VerifyParams {
  token: string | undefined;
  type: string | undefined;
  redirectTo: string;
}

interface LinkRow {
  id: string;
  email_change: string | null;
  /** Which of the two email change links this is; null for a recovery link. */
  side: 'new' | 'current' | null;
  /** Whether the other email change link is still waiting to be followed. */
  other_pending: boolean;
}

const FIND_BY_LINK_TOKEN: Record<LinkType, string> = {
  recovery: `select id::text as id, email_change, null as side, false as other_pending from auth.users
              where recovery_token = $1 and recovery_sent_at > now() - make_interval(secs => $2::float8) and deleted_at is null
              for update`,
  email_change: `select id::text as id, email_change,
                        case when email_change_token_new = $1 then 'new' else 'current' end as side,
                        case when email_change_token_new = $1 then coalesce(email_change_token_current, '') <> ''
                             else coalesce(email_change_token_new, '') <> '' end as other_pending
                   from auth.users
                  where (email_change_token_new = $1 or email_change_token_current = $1)
                    and email_change_sent_at > now() - make_interval(secs => $2::float8)
                    and deleted_at is null
                  for update`,
};

/** GoTrue's note after the first of the two email change links. */
const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

function withFragment(target: string, params: Record<string, string>): string {
  const base = target.split('#')[0]!;
  return `${base}#${new URLSearchParams(params).toString()}`;
}

/**
 * GET /verify: follows an emailed link. The answer is where to send the browser: the redirect
 * target with the new session in the fragment, GoTrue's note that the other email change link is
 * still to be followed, or GoTrue's otp_expired error.
 */
export async function followLink(
  ctx: ServerContext,
  params: VerifyParams,
  client: Client,
): Promise<string> {
  if (!params.type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!params.token)
    throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const type = params.type;
  if (type !== 'recovery' && type !== 'email_change' && !OTHER_GOTRUE_TYPES.has(type)) {
    throw badRequest('validation_failed', 'Unsupported verification type');
  }
  const expired = withFragment(params.redirectTo, {
    error: 'access_denied',
    error_code: 'otp_expired',
    error_description: 'Email link is invalid or has expired',
  });
  if (type !== 'recovery' && type !== 'email_change') return expired;

  const hash = hashToken(params.token);
  const outcome = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<LinkRow>(FIND_BY_LINK_TOKEN[type], [hash, LINK_TTL_SECONDS]);
    const row = rows[0];
    if (!row) return null;
    if (type === 'email_change' && row.other_pending) {
      await tx.query(
        `update auth.users
            set email_change_token_new = case when $2 = 'new' then '' else email_change_token_new end,
                email_change_token_current = case when $2 = 'current' then '' else email_change_token_current end,
                email_change_confirm_status = 1, updated_at = now()
          where id = $1::uuid`,
        [row.id, row.side],
      );
      return 'single_confirmation' as const;
    }
    if (type === 'recovery') {
      await tx.query(
        `update auth.users set recovery_token = null, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
          where id = $1::uuid`,
        [row.id],
      );
    } else {
      const taken = row.email_change ? await findUserByEmail(tx, row.email_change) : null;
      if (!row.email_change || (taken && taken.id !== row.id)) return null;
      await setEmail(tx, row.id, row.email_change);
    }
    await tx.query('update auth.users set last_sign_in_at = now() where id = $1::uuid', [row.id]);
    const user = await findUserById(tx, row.id);
    return user ? startSession(ctx, tx, user, type, client) : null;
  });
  if (!outcome) return expired;
  if (outcome === 'single_confirmation')
    return withFragment(params.redirectTo, { message: SINGLE_CONFIRMATION });
  const session = outcome;
  return withFragment(params.redirectTo, {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    type,
  });
}
