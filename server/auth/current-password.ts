import bcrypt from 'bcryptjs';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db.ts';
import { badRequest } from './errors.ts';
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
