import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAppDb } from '../../lib/db';
import { getSupabase } from '../../lib/supabase';
import { sessionEnded } from '../auth';
import {
  deleteCredentials,
  loadCredentials,
  saveCredentials,
  selectCredential,
  selectCredentialsStatus,
} from './credentials-slice';
import {
  indexedDbDump,
  recordActions,
  signedUpStore,
  withSocialBackend,
} from '../../testing/social-backend';

const social = withSocialBackend();

let recorder: ReturnType<typeof recordActions>;

beforeEach(async () => {
  await social.backend.connect();
  social.fake.reset();
  recorder = recordActions();
});

afterEach(async () => {
  recorder.stop();
  const db = getAppDb();
  await Promise.all(db.tables.map((table) => table.clear()));
});

/** A Facebook app the fake knows, with a secret no other test uses. */
function facebookApp() {
  const app = {
    id: `${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    secret: `fb-secret-${crypto.randomUUID()}`,
  };
  social.fake.facebook.apps.set(app.id, app.secret);
  return app;
}

describe('the credentials slice', () => {
  it('saves a Facebook pair through the server and keeps only the app id, configured and valid', async () => {
    const { store, userId } = await signedUpStore();
    const app = facebookApp();

    const outcome = await store.dispatch(saveCredentials('facebook', ` ${app.id} `, app.secret));

    expect(outcome).toMatchObject({ ok: true });
    expect(selectCredential(store.getState(), 'facebook')).toMatchObject({
      platform: 'facebook',
      appId: app.id,
      configured: true,
      isActive: true,
      validationStatus: 'valid',
      validationError: null,
    });
    expect(selectCredential(store.getState(), 'facebook')!.lastValidatedAt).not.toBeNull();
    // Nowhere on the device: not the state, not an action, not local storage, not IndexedDB.
    expect(JSON.stringify(store.getState())).not.toContain(app.secret);
    expect(recorder.actions.map((a) => a.type)).toContain('credentials/credentialsSaved');
    expect(recorder.dump()).not.toContain(app.secret);
    expect(social.backend.storage.dump()).not.toContain(app.secret);
    expect(await indexedDbDump()).not.toContain(app.secret);
    expect(await indexedDbDump()).not.toContain('"credentials"');

    // A fresh read (another device, a reload) gives the same picture, without the secret.
    const reloaded = await store.dispatch(loadCredentials()).unwrap();
    expect(reloaded).toEqual({
      userId,
      credentials: [expect.objectContaining({ appId: app.id, configured: true })],
    });
    const { data } = await (
      await getSupabase()
    )
      .from('user_social_credentials')
      .select('*')
      .eq('user_id', userId);
    expect(JSON.stringify(data)).not.toContain(app.secret);
  });

  it('records the platform’s refusal of a wrong secret as invalid', async () => {
    const { store } = await signedUpStore();
    const app = facebookApp();

    const outcome = await store.dispatch(saveCredentials('facebook', app.id, 'not-the-secret'));

    expect(outcome).toMatchObject({ ok: true });
    const saved = selectCredential(store.getState(), 'facebook')!;
    expect(saved).toMatchObject({ configured: true, validationStatus: 'invalid' });
    expect(saved.validationError).toEqual(expect.any(String));
    expect(saved.validationError).not.toBe('');
    expect(JSON.stringify(store.getState())).not.toContain('not-the-secret');
  });

  it('keeps LinkedIn pending: there is no app-only check', async () => {
    const { store } = await signedUpStore();
    const secret = `li-secret-${crypto.randomUUID()}`;

    await store.dispatch(saveCredentials('linkedin', 'li-client-1', secret));

    expect(selectCredential(store.getState(), 'linkedin')).toMatchObject({
      appId: 'li-client-1',
      configured: true,
      validationStatus: 'pending',
    });
    expect(recorder.dump()).not.toContain(secret);
    expect(JSON.stringify(store.getState())).not.toContain(secret);
  });

  it('asks for both fields before sending anything', async () => {
    const { store } = await signedUpStore();
    const before = social.fake.requests.length;

    expect(await store.dispatch(saveCredentials('facebook', '123', '  '))).toEqual({
      ok: false,
      message: 'Please fill in all Facebook credentials',
    });
    expect(await store.dispatch(saveCredentials('linkedin', '', 'secret'))).toEqual({
      ok: false,
      message: 'Please fill in all LinkedIn credentials',
    });
    expect(selectCredential(store.getState(), 'facebook')).toBeNull();
    expect(social.fake.requests.length).toBe(before);
  });

  it('soft-deletes: the row stays inactive on the server and the slice forgets it', async () => {
    const { store, userId } = await signedUpStore();
    const app = facebookApp();
    await store.dispatch(saveCredentials('facebook', app.id, app.secret));

    await store.dispatch(deleteCredentials('facebook')).unwrap();

    expect(selectCredential(store.getState(), 'facebook')).toBeNull();
    const { data } = await (
      await getSupabase()
    )
      .from('user_social_credentials')
      .select('is_active, platform_credentials')
      .eq('user_id', userId)
      .eq('platform', 'facebook')
      .single();
    expect(data).toMatchObject({ is_active: false, platform_credentials: { configured: false } });
    await store.dispatch(loadCredentials()).unwrap();
    expect(selectCredential(store.getState(), 'facebook')).toBeNull();
    expect(selectCredentialsStatus(store.getState())).toBe('loaded');
  });

  it('clears on sign-out', async () => {
    const { store } = await signedUpStore();
    await store.dispatch(saveCredentials('linkedin', 'li-client-2', 'li-secret-x'));
    store.dispatch(sessionEnded());
    expect(store.getState().credentials).toMatchObject({ ids: [], userId: null, status: 'idle' });
  });
});
