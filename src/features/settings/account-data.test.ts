import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uniqueEmail } from '../../../tests/api/harness';
import { makeStore, type AppStore } from '../../app/store';
import { getAppDb } from '../../lib/db';
import { getSupabase } from '../../lib/supabase';
import { withEmbeddedBackend } from '../../testing/embedded-backend';
import { makeDraftRecord, makeOnboardingForm } from '../../testing/factories';
import { selectAuthStatus, selectCurrentUser, signIn, signUp } from '../auth';
import { answersSaved } from '../onboarding';
import { deleteAccount, deleteAccountMessages } from './account-deletion';
import { exportAccountData } from './account-export';

const PASSWORD = 'bloom-Secret-1';

const backend = withEmbeddedBackend();

beforeEach(async () => {
  await backend.connect();
});

afterEach(async () => {
  const db = getAppDb();
  await Promise.all(db.tables.map((table) => table.clear()));
});

async function newAccount(store: AppStore, firstName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  await store
    .dispatch(signUp({ firstName, lastName: 'Tester', email, password: PASSWORD }))
    .unwrap();
  return { id: selectCurrentUser(store.getState())!.id, email };
}

/** Rows of `userId` in every table this device keeps, and the local storage the app writes. */
async function seedDevice(userId: string, label: string): Promise<void> {
  const db = getAppDb();
  const draft = makeDraftRecord({ userId, content: `${label} draft on this device` });
  await db.drafts.put(draft);
  await db.table('aiPosts').put({
    id: crypto.randomUUID(),
    userId,
    content: `${label} AI post`,
    platforms: ['linkedin'],
    aiProvider: 'chatgpt',
    status: 'pending-review',
    generatedAt: new Date().toISOString(),
    prompt: 'spring',
    engagementPrediction: 80,
    hashtags: [],
    feedback: null,
    reviewedAt: null,
  });
  await db.outbox.add({
    mutationId: crypto.randomUUID(),
    userId,
    entity: 'post_drafts',
    entityId: draft.id,
    op: 'upsert',
    data: { content: draft.content },
    baseVersion: null,
    state: 'pending',
    attempts: 0,
    leaseUntil: 0,
    error: null,
    createdAt: Date.now(),
  });
  await db.scheduledPosts.put({
    id: crypto.randomUUID(),
    userId,
    content: `${label} scheduled post on this device`,
    platforms: ['facebook'],
    accountIds: [],
    scheduledFor: new Date(Date.now() + 3_600_000).toISOString(),
    publishMode: 'schedule',
    timeRule: null,
    draftId: null,
    status: 'scheduled',
    version: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  });
  await db.table('contentIdeas').put({
    id: crypto.randomUUID(),
    userId,
    title: `${label} idea`,
    description: 'Saved on this device',
    type: 'trending',
    score: 80,
    saved: true,
    savedAt: new Date().toISOString(),
    batchId: null,
    sampleKey: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    version: null,
  });
  await db.meta.put({ key: `pull-cursor:${userId}`, value: { post_drafts: '1' } });
  localStorage.setItem(`onboarding_completed:${userId}`, 'true');
  const ideas = JSON.parse(localStorage.getItem('saved_idea') ?? '[]') as unknown[];
  localStorage.setItem(
    'saved_idea',
    JSON.stringify([...ideas, { id: label, title: label, userId }]),
  );
}

async function deviceDump(): Promise<string> {
  const db = getAppDb();
  const tables = await Promise.all(db.tables.map((table) => table.toArray()));
  return backend.storage.dump() + JSON.stringify(tables);
}

/** An address nothing listens on: every request fails as a network error, as offline. */
async function unreachableUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('deleting the account', () => {
  it("deletes it on the server and all of it on this device, keeping another account's data", async () => {
    const store = makeStore();
    const bob = crypto.randomUUID();
    await seedDevice(bob, 'Bob');
    const ada = await newAccount(store, 'Ada');
    await seedDevice(ada.id, 'Ada');
    store.dispatch(answersSaved({ userId: ada.id, answers: makeOnboardingForm(), step: 3 }));
    expect(await deviceDump()).toContain(ada.id);

    await store.dispatch(deleteAccount()).unwrap();

    expect(selectAuthStatus(store.getState())).toBe('signedOut');
    expect(store.getState().onboarding).toMatchObject({ userId: null, answers: null });
    const device = await deviceDump();
    expect(device).not.toContain(ada.id);
    expect(device).not.toContain('Ada AI post');
    expect(device).toContain(bob);
    expect(device).toContain('Bob AI post');
    expect(JSON.parse(localStorage.getItem('saved_idea')!)).toEqual([
      { id: 'Bob', title: 'Bob', userId: bob },
    ]);

    const again = await store.dispatch(signIn({ email: ada.email, password: PASSWORD }));
    expect(again.payload).toBe('Invalid login credentials');
  });

  it('changes nothing when the server cannot be reached, and says so', async () => {
    const store = makeStore();
    const ada = await newAccount(store, 'Ada');
    await seedDevice(ada.id, 'Ada');
    await backend.connect(await unreachableUrl());
    // supabase-js reports the refused network call on the console; that is the case under test.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await store.dispatch(deleteAccount());
    logged.mockRestore();
    expect(result.payload).toBe(deleteAccountMessages.offline);
    expect(selectAuthStatus(store.getState())).toBe('signedIn');
    expect(await deviceDump()).toContain('Ada AI post');

    await backend.connect();
    const signedIn = makeStore();
    await signedIn.dispatch(signIn({ email: ada.email, password: PASSWORD })).unwrap();
  });
});

describe('exporting the data', () => {
  it("joins the server's export with what only this device has yet", async () => {
    const store = makeStore();
    const ada = await newAccount(store, 'Ada');
    await seedDevice(ada.id, 'Ada');
    const supabase = await getSupabase();
    const { error } = await supabase
      .from('post_drafts')
      .insert({ user_id: ada.id, content: 'Ada draft on the server', platforms: ['facebook'] });
    expect(error).toBeNull();

    const outcome = await exportAccountData(ada);
    expect(outcome.kind).toBe('exported');
    if (outcome.kind === 'failed') return;
    expect(outcome.data).toMatchObject({
      format: 'postbloom-export',
      source: 'server',
      account: { id: ada.id, email: ada.email },
      drafts: [expect.objectContaining({ content: 'Ada draft on the server' })],
      unsynced_drafts: [expect.objectContaining({ content: 'Ada draft on this device' })],
      unsynced_scheduled_posts: [
        expect.objectContaining({ content: 'Ada scheduled post on this device' }),
      ],
      unsynced_ai_posts: [expect.objectContaining({ content: 'Ada AI post' })],
      unsynced_content_ideas: [expect.objectContaining({ title: 'Ada idea' })],
    });
  });

  it("gives this device's copy when offline", async () => {
    const store = makeStore();
    const ada = await newAccount(store, 'Ada');
    await seedDevice(ada.id, 'Ada');
    await seedDevice(crypto.randomUUID(), 'Bob');
    await backend.connect(await unreachableUrl());
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const outcome = await exportAccountData(ada);
    logged.mockRestore();
    expect(outcome.kind).toBe('offline');
    if (outcome.kind === 'failed') return;
    expect(outcome.data).toMatchObject({
      source: 'device',
      drafts: [expect.objectContaining({ content: 'Ada draft on this device' })],
      ai_generated_posts: [expect.objectContaining({ content: 'Ada AI post' })],
      content_ideas: [expect.objectContaining({ title: 'Ada idea' })],
      scheduled_posts: [expect.objectContaining({ content: 'Ada scheduled post on this device' })],
    });
    expect(JSON.stringify(outcome.data)).not.toContain('Bob');
  });
});
