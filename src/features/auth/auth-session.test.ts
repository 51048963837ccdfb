import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uniqueEmail } from '../../../tests/api/harness';
import { withEmbeddedBackend } from '../../testing/embedded-backend';
import { makeStore, type AppStore } from '../../app/store';
import * as supabaseModule from '../../lib/supabase';
import { setSupabaseClient } from '../../lib/supabase';
import { AUTH_STORAGE_KEY } from '../../lib/stored-session';
import { appStarted } from '../../lib/app-lifecycle';
import { authMessages } from './auth-errors';
import { selectAuthStatus, selectCurrentUser } from './auth-slice';
import { requestPasswordReset, signIn, signOut, signUp, updatePassword } from './auth-thunks';
import { validationMessages } from './validation';

const PASSWORD = 'bloom-Secret-1';

const backend = withEmbeddedBackend();
const reload = (url?: string) => backend.connect(url);
const booted = () => backend.booted();

afterEach(() => {
  vi.restoreAllMocks();
});

async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function storedSession(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as Record<string, unknown>;
}

async function newAccount(store: AppStore) {
  const email = uniqueEmail('auth');
  await store
    .dispatch(signUp({ firstName: 'Grace', lastName: 'Hopper', email, password: PASSWORD }))
    .unwrap();
  return email;
}

describe('sign-up, sign-in and sign-out against the embedded server', () => {
  it('signs up with normalised names and email, and keeps no token in Redux', async () => {
    await reload();
    const store = makeStore();
    const email = uniqueEmail('Mixed.Case');
    const result = await store
      .dispatch(
        signUp({
          firstName: '  Ada ',
          lastName: ' Lovelace  ',
          email: `  ${email.toUpperCase()} `,
          password: PASSWORD,
        }),
      )
      .unwrap();

    expect(result).toEqual({ signedIn: true });
    expect(selectAuthStatus(store.getState())).toBe('signedIn');
    expect(selectCurrentUser(store.getState())).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: email.toLowerCase(),
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const session = storedSession();
    expect(session.access_token).toEqual(expect.any(String));
    const state = JSON.stringify(store.getState());
    expect(state).not.toContain(session.access_token as string);
    expect(state).not.toContain(session.refresh_token as string);
  });

  it('refuses an email that already has an account, whatever its case', async () => {
    await reload();
    const email = await newAccount(makeStore());
    const store = makeStore();
    await expect(
      store
        .dispatch(
          signUp({
            firstName: 'Other',
            lastName: 'Person',
            email: email.toUpperCase(),
            password: PASSWORD,
          }),
        )
        .unwrap(),
    ).rejects.toBe(authMessages.alreadyRegistered);
    expect(selectAuthStatus(store.getState())).toBe('loading');
  });

  it('validates in the auth layer before calling the server', async () => {
    await reload();
    const store = makeStore();
    await expect(
      store
        .dispatch(
          signUp({ firstName: '  ', lastName: 'Hopper', email: uniqueEmail(), password: PASSWORD }),
        )
        .unwrap(),
    ).rejects.toBe(validationMessages.firstNameEmpty);
    await expect(
      store.dispatch(signIn({ email: 'nobody', password: PASSWORD })).unwrap(),
    ).rejects.toBe(validationMessages.invalidEmail);
  });

  it('shows the server message for a wrong password, signs in with the right one, and signs out', async () => {
    await reload();
    const email = await newAccount(makeStore());
    localStorage.clear();
    const store = makeStore();

    await expect(store.dispatch(signIn({ email, password: `${PASSWORD}x` })).unwrap()).rejects.toBe(
      'Invalid login credentials',
    );
    expect(selectAuthStatus(store.getState())).toBe('loading');

    await store.dispatch(signIn({ email: ` ${email.toUpperCase()}`, password: PASSWORD })).unwrap();
    expect(selectCurrentUser(store.getState())).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const { refresh_token: refreshToken } = storedSession() as { refresh_token: string };

    await store.dispatch(signOut()).unwrap();
    expect(selectAuthStatus(store.getState())).toBe('signedOut');
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    // Signing out ends the session on the server too: its refresh token is dead.
    const other = await reload();
    const { error } = await other.auth.refreshSession({ refresh_token: refreshToken });
    expect(error?.message).toMatch(/Invalid Refresh Token/);
  });

  it('changes the password after a recovery, and asks for a reset only for a valid email', async () => {
    await reload();
    const store = makeStore();
    const email = await newAccount(store);
    await expect(
      store
        .dispatch(
          requestPasswordReset({ email: 'not-an-email', redirectTo: 'http://127.0.0.1/dashboard' }),
        )
        .unwrap(),
    ).rejects.toBe(validationMessages.invalidEmail);
    await store
      .dispatch(requestPasswordReset({ email, redirectTo: 'http://127.0.0.1/dashboard' }))
      .unwrap();

    await expect(store.dispatch(updatePassword('12345')).unwrap()).rejects.toBe(
      validationMessages.passwordTooShort,
    );
    await store.dispatch(updatePassword('a-new-Secret-2')).unwrap();
    await store.dispatch(signOut()).unwrap();
    await expect(store.dispatch(signIn({ email, password: PASSWORD })).unwrap()).rejects.toBe(
      'Invalid login credentials',
    );
    await store.dispatch(signIn({ email, password: 'a-new-Secret-2' })).unwrap();
    expect(selectAuthStatus(store.getState())).toBe('signedIn');
  });
});

describe('restoring the session when the app starts', () => {
  it('starts signed out, without an error, when nothing is stored', async () => {
    await reload();
    const store = await booted();
    expect(store.getState().auth).toMatchObject({ status: 'signedOut', error: null, user: null });
  });

  it('restores a stored session after a reload', async () => {
    await reload();
    const email = await newAccount(makeStore());
    await reload();
    const store = await booted();
    expect(selectCurrentUser(store.getState())).toMatchObject({ email, firstName: 'Grace' });
  });

  it('follows sign-in and sign-out events from the client (e.g. another tab)', async () => {
    await reload();
    const email = await newAccount(makeStore());
    const client = await reload();
    const store = await booted();
    await client.auth.signOut();
    await vi.waitFor(() => expect(selectAuthStatus(store.getState())).toBe('signedOut'));
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    await vi.waitFor(() => expect(selectCurrentUser(store.getState())?.email).toBe(email));
  });

  it('signs out quietly when the stored refresh token is no longer valid', async () => {
    await reload();
    await newAccount(makeStore());
    const expired = {
      ...storedSession(),
      expires_at: Math.floor(Date.now() / 1000) - 60,
      refresh_token: 'revoked-token',
    };
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(expired));

    await reload();
    const store = await booted();
    // The kept session opens the app at once; the server's refusal then signs out.
    await vi.waitFor(() =>
      expect(store.getState().auth).toMatchObject({ status: 'signedOut', error: null, user: null }),
    );
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('opens the app for the kept session at once, before the client is ready', async () => {
    await reload();
    const email = await newAccount(makeStore());
    let ready!: () => void;
    const client = await reload();
    setSupabaseClient(undefined);
    const waiting = new Promise<void>((resolve) => (ready = resolve));
    vi.spyOn(supabaseModule, 'getSupabase').mockImplementation(() => waiting.then(() => client));

    const store = makeStore();
    store.dispatch(appStarted());
    expect(store.getState().auth).toMatchObject({ status: 'signedIn', error: null });
    expect(selectCurrentUser(store.getState())).toMatchObject({ email, firstName: 'Grace' });

    ready();
    await vi.waitFor(() => expect(supabaseModule.getSupabase).toHaveBeenCalled());
    // The client, once ready, takes over: the app follows its events.
    await client.auth.signOut();
    await vi.waitFor(() => expect(selectAuthStatus(store.getState())).toBe('signedOut'));
  });

  it('waits for the client when the page was opened from an auth email', async () => {
    await reload();
    await newAccount(makeStore());
    await reload();
    vi.stubGlobal('location', { hash: '#error_description=Email+link+is+invalid', search: '' });
    const store = makeStore();
    store.dispatch(appStarted());
    expect(selectAuthStatus(store.getState())).toBe('loading');
    await vi.waitFor(() => expect(selectAuthStatus(store.getState())).not.toBe('loading'));
  });

  it('offline with an expired token, keeps the stored user signed in at once', async () => {
    await reload();
    const email = await newAccount(makeStore());
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ ...storedSession(), expires_at: Math.floor(Date.now() / 1000) - 60 }),
    );
    vi.stubGlobal('navigator', { onLine: false });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    // Nothing listens there any more: every refresh attempt fails as a network error.
    await reload(await closedPortUrl());
    const store = await booted();
    expect(selectCurrentUser(store.getState())).toMatchObject({ email, firstName: 'Grace' });
    expect(store.getState().auth.error).toBeNull();
  });

  it('reports Authentication error when the backend cannot be set up at all', async () => {
    setSupabaseClient(undefined);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // No cached config and /local/config cannot be fetched from Node: getSupabase() fails.
    const store = await booted();
    expect(store.getState().auth).toMatchObject({
      status: 'signedOut',
      error: authMessages.sessionFailed,
    });
    expect(logged).toHaveBeenCalledWith('Could not start the backend client', expect.any(Error));
  });
});
