import bcrypt from 'bcryptjs';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db.ts';
import { AuthError, badRequest } from './errors.ts';
import type { AuthLimiters } from './rate-limit.ts';
import type { User } from './users.ts';

/** GoTrue's one message for a missing and a wrong current password; the code tells them apart. */
const MESSAGE = 'Current password required when setting new password.';

/** Session.IsRecovery() in GoTrue: signed in through an emailed link, so no password was typed. */
const RECOVERY_METHODS = ['otp', 'magiclink', 'recovery'];

async function isRecoverySession(db: Queryable, sessionId: string | null): Promise<boolean> {
  if (!sessionId) return false;
  const { rows } = await db.query(
    `select 1 from auth.mfa_amr_claims
      where session_id = $1::uuid and authentication_method = any($2::text[]) limit 1`,
    [sessionId, RECOVERY_METHODS],
  );
  return rows.length > 0;
}

/**
 * GoTrue's UpdatePasswordRequireCurrentPassword for PUT /user: outside a session opened by an
 * emailed link, a new password needs the one it replaces (400 current_password_required, or
 * current_password_invalid when wrong). A current password sent while the setting is off is still
 * checked: the caller asked for it. A wrong guess counts against the account like a failed
 * sign-in, so a stolen access token cannot be used to try passwords faster than the sign-in form.
 */
export async function checkCurrentPassword(
  ctx: ServerContext,
  limits: AuthLimiters,
  user: User,
  sessionId: string | null,
  current: string | null | undefined,
): Promise<void> {
  // An account without a password (none set yet) has nothing to confirm.
  if (!user.encrypted_password) return;
  if (!current) {
    if (!ctx.config.requireCurrentPassword || (await isRecoverySession(ctx.db, sessionId))) return;
    throw badRequest('current_password_required', MESSAGE);
  }
  const account = user.email ?? user.id;
  limits.checkAccount(account);
  if (!(await bcrypt.compare(current, user.encrypted_password))) {
    limits.signInFailed(account);
    throw badRequest('current_password_invalid', MESSAGE);
  }
}

/**
 * GoTrue's rule for PUT /user: once the user has a verified second factor, a new password or email
 * address needs a session that passed it (aal2), so a stolen password alone cannot take the account.
 */
export async function requireAal2ForCredentialChange(
  db: Queryable,
  user: User,
  sessionId: string | null,
  change: { password: string | null | undefined; email: string | null },
): Promise<void> {
  const changing = !!change.password || (change.email !== null && change.email !== user.email);
  if (!changing) return;
  const { rows } = await db.query<{ has_factor: boolean; aal2: boolean }>(
    `select exists (select 1 from auth.mfa_factors f
                     where f.user_id = $1::uuid and f.status::text = 'verified') as has_factor,
            exists (select 1 from auth.sessions s
                     where s.id = $2::uuid and s.aal::text in ('aal2', 'aal3')) as aal2`,
    [user.id, sessionId],
  );
  const row = rows[0];
  if (row?.has_factor && !row.aal2) {
    throw new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
}
