import type { Factor } from '@supabase/supabase-js';
import { getSupabase } from '../../lib/supabase';

// Two-factor calls stay out of Redux: the setup key must never reach the store or its devtools.

export const twoFactorMessages = {
  loadFailed: "We couldn't check your two-factor authentication. Please try again.",
  enrolFailed: "We couldn't start setting up two-factor authentication. Please try again.",
  incompleteCode: 'Enter the 6-digit code from your authenticator app.',
  verifyFailed: 'Verification failed',
  disableFailed: "We couldn't disable two-factor authentication. Please try again.",
  enabled: 'Two-factor authentication is on.',
  disabled: 'Two-factor authentication is off.',
  keyCopied: 'Setup key copied.',
  copyFailed: "Couldn't copy the key. Select it and copy it by hand.",
} as const;

/** What authenticator apps show next to the codes. */
export const TOTP_ISSUER = 'Postbloom';
const FRIENDLY_NAME = 'Authenticator app';

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

function failed(message: string | undefined, fallback: string): { ok: false; message: string } {
  return { ok: false, message: message || fallback };
}

/** The user's verified TOTP factor, or null when two-factor is off. */
export async function loadTwoFactor(): Promise<Outcome<Factor | null>> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.mfa.listFactors();
    if (error) return failed(undefined, twoFactorMessages.loadFailed);
    return { ok: true, value: data.totp[0] ?? null };
  } catch {
    return failed(undefined, twoFactorMessages.loadFailed);
  }
}

export interface Enrolment {
  factorId: string;
  /** An SVG data URI. */
  qrCode: string;
  /** The base32 key, for typing into an app by hand. */
  secret: string;
}

/**
 * A new TOTP factor, after removing any unverified one an abandoned setup left behind (it would
 * clash by name, and GoTrue deletes it anyway once a factor is verified).
 */
export async function startEnrolment(): Promise<Outcome<Enrolment>> {
  try {
    const supabase = await getSupabase();
    const listed = await supabase.auth.mfa.listFactors();
    if (listed.error) return failed(undefined, twoFactorMessages.enrolFailed);
    for (const factor of listed.data.all) {
      if (factor.factor_type === 'totp' && factor.status === 'unverified') {
        await supabase.auth.mfa.unenroll({ factorId: factor.id });
      }
    }
    const { data, error } = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      issuer: TOTP_ISSUER,
      friendlyName: FRIENDLY_NAME,
    });
    if (error || !data) return failed(error?.message, twoFactorMessages.enrolFailed);
    return {
      ok: true,
      value: { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret },
    };
  } catch {
    return failed(undefined, twoFactorMessages.enrolFailed);
  }
}

/** The first code from the app turns the factor on; the session becomes aal2. */
export async function confirmEnrolment(factorId: string, code: string): Promise<Outcome<null>> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
    // GoTrue's sentence ("Invalid TOTP code entered") says what went wrong.
    if (error) return failed(error.message, twoFactorMessages.verifyFailed);
    return { ok: true, value: null };
  } catch {
    return failed(undefined, twoFactorMessages.verifyFailed);
  }
}

/** An abandoned setup: its unverified factor goes (best effort; a later setup removes it too). */
export async function cancelEnrolment(factorId: string): Promise<void> {
  try {
    const supabase = await getSupabase();
    await supabase.auth.mfa.unenroll({ factorId });
  } catch {
    // left for the next setup to remove
  }
}

/** Unenrolling needs the aal2 session; a refresh then brings the token back to aal1. */
export async function disableTwoFactor(factorId: string): Promise<Outcome<null>> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.mfa.unenroll({ factorId });
    if (error) return failed(error.message, twoFactorMessages.disableFailed);
    await supabase.auth.refreshSession();
    return { ok: true, value: null };
  } catch {
    return failed(undefined, twoFactorMessages.disableFailed);
  }
}

/** The key in groups of four, as authenticator apps print it. */
export function groupKey(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}
