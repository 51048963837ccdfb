import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { withEmbeddedBackend } from '../../testing/embedded-backend';
import {
  secondFactorRequired,
  selectAuthStatus,
  selectCurrentUser,
  selectPasswordRecovery,
} from './auth-slice';
import { actionForAuthEvent } from './auth-listeners';
import { needsSecondFactor } from './assurance';
import { secondFactorMessages, signIn, signOut, verifySecondFactor } from './auth-thunks';

// The sign-in's code step, with the app's own store and client against the embedded server.

// Every test here challenges and verifies codes from one address: more than GoTrue's 15 a minute.
const backend = withEmbeddedBackend({ mfaRateLimit: { max: 1000, windowMs: 60_000 } });

function codeFor(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });
}

function wrongCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((d) => codeFor(secret, Date.now() + d)));
  return ['000000', '111111', '222222'].find((c) => !valid.has(c))!;
}

/** An account with a verified TOTP factor, set up outside the app. */
async function accountWithTwoFactor() {
  const { client, email, password } = await backend.server.signedInClient();
  const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
  const { error } = await client.auth.mfa.challengeAndVerify({
    factorId: data!.id,
    code: codeFor(data!.totp.secret),
  });
  if (error) throw error;
  return { email, password, secret: data!.totp.secret, client };
}

describe('signing in to an account with two-factor on', () => {
  it('stops at the code step, refuses a wrong code with the server message, then opens', async () => {
    const { email, password, secret } = await accountWithTwoFactor();
    await backend.connect();
    const store = await backend.booted();
    expect(selectAuthStatus(store.getState())).toBe('signedOut');

    await store.dispatch(signIn({ email, password })).unwrap();
    expect(selectAuthStatus(store.getState())).toBe('secondFactor');
    expect(selectCurrentUser(store.getState())).toBeNull();

    const wrong = await store.dispatch(verifySecondFactor(wrongCode(secret)));
    expect(wrong.payload).toBe('Invalid TOTP code entered');
    expect(selectAuthStatus(store.getState())).toBe('secondFactor');

    const short = await store.dispatch(verifySecondFactor('123'));
    expect(short.payload).toBe(secondFactorMessages.incomplete);

    await store.dispatch(verifySecondFactor(codeFor(secret))).unwrap();
    expect(selectAuthStatus(store.getState())).toBe('signedIn');
    expect(selectCurrentUser(store.getState())?.email).toBe(email);
  });

  it('asks for the code again after a reload with the aal1 session, and not after the aal2 one', async () => {
    const { email, password, secret } = await accountWithTwoFactor();
    await backend.connect();
    const first = await backend.booted();
    await first.dispatch(signIn({ email, password })).unwrap();

    await backend.connect();
    const reloaded = await backend.booted();
    expect(selectAuthStatus(reloaded.getState())).toBe('secondFactor');
    // The code in a formatted form, as some apps show it.
    const code = codeFor(secret);
    await reloaded.dispatch(verifySecondFactor(`${code.slice(0, 3)} ${code.slice(3)}`)).unwrap();

    await backend.connect();
    const again = await backend.booted();
    expect(selectAuthStatus(again.getState())).toBe('signedIn');
  });

  it('can be abandoned by signing out', async () => {
    const { email, password } = await accountWithTwoFactor();
    await backend.connect();
    const store = await backend.booted();
    await store.dispatch(signIn({ email, password })).unwrap();
    await store.dispatch(signOut()).unwrap();
    expect(selectAuthStatus(store.getState())).toBe('signedOut');
    await backend.connect();
    expect(selectAuthStatus((await backend.booted()).getState())).toBe('signedOut');
  });

  it('leaves accounts without two-factor signing in in one step', async () => {
    const { email, password } = await backend.server.signedInClient();
    await backend.connect();
    const store = await backend.booted();
    await store.dispatch(signIn({ email, password })).unwrap();
    expect(selectAuthStatus(store.getState())).toBe('signedIn');
  });
});

describe('needsSecondFactor', () => {
  const token = (aal: string) =>
    `e30.${btoa(JSON.stringify({ aal })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;
  const verified = { factors: [{ status: 'verified' }] } as never;
  const unverified = { factors: [{ status: 'unverified' }] } as never;

  it('is true only for a verified factor below aal2', () => {
    expect(needsSecondFactor({ access_token: token('aal1'), user: verified })).toBe(true);
    expect(needsSecondFactor({ access_token: token('aal2'), user: verified })).toBe(false);
    expect(needsSecondFactor({ access_token: token('aal1'), user: unverified })).toBe(false);
    expect(needsSecondFactor({ access_token: token('aal1'), user: {} as never })).toBe(false);
    expect(needsSecondFactor({ access_token: 'garbage', user: verified })).toBe(true);
    expect(needsSecondFactor(null)).toBe(false);
  });
});

describe('a password reset link for an account with two-factor on', () => {
  it('asks for the code first, then opens the new-password dialog', async () => {
    const { email, password, secret, client } = await accountWithTwoFactor();
    // The session a reset link gives is one factor: aal1 with a verified factor.
    const { data } = await client.auth.signInWithPassword({ email, password });
    const userId = data.session!.user.id;
    expect(actionForAuthEvent('PASSWORD_RECOVERY', data.session)).toEqual(
      secondFactorRequired({ recoveryFor: userId }),
    );

    await backend.connect();
    const store = await backend.booted();
    await store.dispatch(signIn({ email, password })).unwrap();
    store.dispatch(secondFactorRequired({ recoveryFor: userId }));
    expect(selectPasswordRecovery(store.getState())).toBe(false);
    await store.dispatch(verifySecondFactor(codeFor(secret))).unwrap();
    expect(selectAuthStatus(store.getState())).toBe('signedIn');
    expect(selectPasswordRecovery(store.getState())).toBe(true);
  });
});
