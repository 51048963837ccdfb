import { createHash, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { clientAddress } from '../client-address.ts';
import type { ServerContext } from '../context.ts';
import { isPgError } from '../db.ts';
import { checkCurrentPassword, requireAal2ForCredentialChange } from './current-password.ts';
import { redirectTarget, followLink, sendEmailChange, sendRecovery } from './email-links.ts';
import { createMfaRoutes } from './mfa.ts';
import {
  AuthError,
  badRequest,
  errorResponse,
  forbidden,
  invalidCredentials,
  unauthorized,
  unprocessable,
} from './errors.ts';
import {
  checkPasswordStrength,
  normalizeEmail,
  parseBody,
  passwordGrantBody,
  recoverBody,
  refreshGrantBody,
  signupBody,
  userUpdateBody,
} from './input.ts';
import { AuthLimiters } from './rate-limit.ts';
import {
  authenticate,
  DEFAULT_REUSE_INTERVAL_SECONDS,
  endSessions,
  refreshSession,
  startSession,
  type Client,
  type LogoutScope,
} from './sessions.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  mergeMetadata,
  recordSignIn,
  setPasswordHash,
  setUserMetadata,
  userJson,
} from './users.ts';

/** GoTrue's cost; hashes look like `$2a$10$…` / `$2b$10$…` and move to hosted Supabase as they are. */
export const BCRYPT_COST = 10;

const userExists = () => unprocessable('user_already_exists', 'User already registered');

// Compared against when the account does not exist, so both answers take as long.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', BCRYPT_COST);

const ROUTES: Record<string, string[]> = {
  '/signup': ['POST'],
  '/token': ['POST'],
  '/user': ['GET', 'PUT'],
  '/logout': ['POST'],
  '/recover': ['POST'],
  '/verify': ['GET'],
  '/settings': ['GET'],
  '/health': ['GET'],
  '/factors': ['POST'],
  '/factors/:id': ['DELETE'],
  '/factors/:id/challenge': ['POST'],
  '/factors/:id/verify': ['POST'],
};

const digest = (s: string) => createHash('sha256').update(s).digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

function client(c: Context): Client {
  return { ip: clientAddress(c), userAgent: c.req.header('user-agent') ?? null };
}

/** Postgres refusing a value (NUL bytes, bad JSON escapes) is the caller's fault, not a crash. */
function fromDatabase(e: unknown): unknown {
  if (isPgError(e) && e.code?.startsWith('22'))
    return badRequest('validation_failed', 'Invalid input');
  return e;
}

export function createAuthRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const limits = new AuthLimiters({
    signIn: ctx.config.signInRateLimit,
    signUp: ctx.config.signUpRateLimit,
    recover: ctx.config.recoverRateLimit,
    tokenRefresh: ctx.config.tokenRefreshRateLimit,
  });
  const reuseInterval =
    ctx.config.refreshTokenReuseIntervalSeconds ?? DEFAULT_REUSE_INTERVAL_SECONDS;

  app.onError((err, c) => errorResponse(c, fromDatabase(err)));

  /** What the API gateway in front of hosted GoTrue checks: a project API key on every call. */
  const apiKey: MiddlewareHandler = async (c, next) => {
    const key = c.req.header('apikey') ?? c.req.query('apikey');
    if (!key) throw unauthorized('no_authorization', 'No API key found in request');
    if (!sameSecret(key, ctx.keys.anonKey) && !sameSecret(key, ctx.keys.serviceRoleKey)) {
      throw unauthorized('no_authorization', 'Invalid API key');
    }
    await next();
  };

  app.get('/health', apiKey, (c) =>
    c.json({
      version: 'embedded',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  );

  app.get('/settings', apiKey, (c) =>
    c.json({
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        facebook: false,
        github: false,
        google: false,
        linkedin_oidc: false,
        email: true,
        phone: false,
      },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.post('/signup', apiKey, async (c) => {
    limits.hit('signUp', clientAddress(c));
    const body = parseBody(await c.req.text(), signupBody);
    if (!body.password) throw badRequest('validation_failed', 'Signup requires a valid password');
    checkPasswordStrength(body.password);
    if (body.email && body.phone) {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on signup.',
      );
    }
    if (body.phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    if (!body.email)
      throw badRequest('validation_failed', 'Sign up only available with email provider');
    const email = normalizeEmail(body.email);
    const hash = await bcrypt.hash(body.password, BCRYPT_COST);
    try {
      const session = await ctx.db.transaction(async (tx) => {
        if (await findUserByEmail(tx, email)) throw userExists();
        const id = await insertUser(tx, email, hash, body.data ?? {});
        await recordSignIn(tx, id);
        const user = await findUserById(tx, id);
        if (!user) throw new Error('user vanished after insert');
        return startSession(ctx, tx, user, 'password', client(c));
      });
      return c.json(session);
    } catch (e) {
      // Two sign-ups racing for one address: the unique index decides.
      if (isPgError(e) && e.code === '23505') throw userExists();
      throw e;
    }
  });

  app.post('/token', apiKey, async (c) => {
    const grantType = c.req.query('grant_type');
    if (grantType === 'password') {
      const body = parseBody(await c.req.text(), passwordGrantBody);
      limits.hit('signIn', clientAddress(c));
      if (body.email && body.phone) {
        throw badRequest(
          'validation_failed',
          'Only an email address or phone number should be provided on login.',
        );
      }
      if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
      if (!body.email) throw badRequest('validation_failed', 'missing email or phone');
      const email = body.email.trim().toLowerCase();
      limits.checkAccount(email);
      // Postgres text cannot hold NUL, and no stored address contains one.
      const user = email.includes('\0') ? null : await findUserByEmail(ctx.db, email);
      const password = body.password ?? '';
      const matches = await bcrypt.compare(password, user?.encrypted_password || DUMMY_HASH);
      if (!user || !user.encrypted_password || !matches) {
        limits.signInFailed(email);
        throw invalidCredentials();
      }
      if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
      limits.signInSucceeded(email);
      const session = await ctx.db.transaction(async (tx) => {
        await recordSignIn(tx, user.id);
        const fresh = await findUserById(tx, user.id);
        if (!fresh) throw invalidCredentials();
        return startSession(ctx, tx, fresh, 'password', client(c));
      });
      return c.json(session);
    }
    if (grantType === 'refresh_token') {
      limits.hit('tokenRefresh', clientAddress(c));
      const body = parseBody(await c.req.text(), refreshGrantBody);
      if (!body.refresh_token) throw badRequest('validation_failed', 'refresh_token required');
      return c.json(await refreshSession(ctx, body.refresh_token, client(c), reuseInterval));
    }
    throw badRequest('validation_failed', 'unsupported_grant_type');
  });

  app.get('/user', apiKey, async (c) => {
    const { user } = await authenticate(ctx, c.req.header('authorization'));
    return c.json(userJson(user));
  });

  app.put('/user', apiKey, async (c) => {
    const { user, sessionId } = await authenticate(ctx, c.req.header('authorization'));
    const body = parseBody(await c.req.text(), userUpdateBody);
    if (body.app_metadata)
      throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    if (body.phone)
      throw badRequest('validation_failed', 'Updating the phone number is not supported');
    const newEmail = body.email ? normalizeEmail(body.email) : null;
    await requireAal2ForCredentialChange(ctx.db, user, sessionId, {
      password: body.password,
      email: newEmail,
    });
    let newHash: string | null = null;
    if (body.password != null) {
      checkPasswordStrength(body.password);
      await checkCurrentPassword(ctx, limits, user, sessionId, body.current_password);
      if (
        user.encrypted_password &&
        (await bcrypt.compare(body.password, user.encrypted_password))
      ) {
        throw unprocessable(
          'same_password',
          'New password should be different from the old password.',
        );
      }
      newHash = await bcrypt.hash(body.password, BCRYPT_COST);
    }
    const redirectTo = redirectTarget(ctx, c.req.query('redirect_to'), c.req.header('origin'));
    const updated = await ctx.db.transaction(async (tx) => {
      const current = await findUserById(tx, user.id, true);
      if (!current) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
      if (body.data)
        await setUserMetadata(tx, current.id, mergeMetadata(current.user_metadata, body.data));
      if (newHash) {
        await setPasswordHash(tx, current.id, newHash);
        // As GoTrue: a new password signs out every other session.
        await endSessions(tx, current.id, sessionId, 'others');
      }
      if (newEmail && newEmail !== current.email)
        await sendEmailChange(ctx, tx, current, newEmail, redirectTo);
      return findUserById(tx, current.id);
    });
    if (!updated) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    return c.json(userJson(updated));
  });

  app.post('/logout', apiKey, async (c) => {
    const { user, sessionId } = await authenticate(ctx, c.req.header('authorization'));
    const raw = c.req.query('scope') ?? '';
    const scope: LogoutScope | null =
      raw === '' || raw === 'global' ? 'global' : raw === 'local' || raw === 'others' ? raw : null;
    if (!scope)
      throw badRequest('validation_failed', `Unsupported logout scope ${JSON.stringify(raw)}`);
    await endSessions(ctx.db, user.id, sessionId, scope);
    return c.body(null, 204);
  });

  app.post('/recover', apiKey, async (c) => {
    limits.hit('recover', clientAddress(c));
    const body = parseBody(await c.req.text(), recoverBody);
    if (!body.email) throw badRequest('validation_failed', 'Password recovery requires an email');
    const email = normalizeEmail(body.email);
    await sendRecovery(
      ctx,
      email,
      redirectTarget(ctx, c.req.query('redirect_to'), c.req.header('origin')),
    );
    // The same answer whether or not the address has an account.
    return c.json({});
  });

  app.get('/verify', async (c) => {
    const location = await followLink(
      ctx,
      {
        token: c.req.query('token'),
        type: c.req.query('type'),
        redirectTo: redirectTarget(ctx, c.req.query('redirect_to'), undefined),
      },
      client(c),
    );
    return c.redirect(location, 303);
  });

  app.route('/', createMfaRoutes(ctx, apiKey));

  app.all('*', (c) => {
    const path = c.req.path.replace(/^\/auth\/v1/, '') || '/';
    const allowed = ROUTES[path] ?? ROUTES[path.replace(/^\/factors\/[^/]+/, '/factors/:id')];
    if (allowed)
      throw new AuthError(
        405,
        'method_not_allowed',
        'Method not allowed',
        {},
        { Allow: allowed.join(', ') },
      );
    throw new AuthError(404, 'not_found', 'Not found');
  });

  return app;
}
