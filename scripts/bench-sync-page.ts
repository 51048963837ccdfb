// Bundled by scripts/bench-sync.ts and run inside the built app's page in Chromium: the same save
// path as the app (store, drafts repository, outbox) on the browser's real IndexedDB.
import { makeStore } from '../src/app/store.ts';
import { signedIn } from '../src/features/auth/index.ts';
import { loadDrafts, saveDraft } from '../src/features/drafts/index.ts';
import { openAppDb, setAppDb, type DraftRecord } from '../src/lib/db.ts';
import { makeDraftRecord } from '../src/testing/factories.ts';

export async function saveLatency(n: number, userId: string): Promise<number[]> {
  const db = openAppDb(`bench-save-${Date.now()}`);
  setAppDb(db);
  const store = makeStore();
  store.dispatch(signedIn({ id: userId, email: '', firstName: '', lastName: '' }));
  await store.dispatch(loadDrafts(userId));
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await store.dispatch(
      saveDraft({
        content: `Benchmark draft ${i}: fresh sourdough every morning, come early! #bakery #local`,
        platforms: ['facebook', 'instagram'],
        postType: 'text',
        prompt: 'new product or feature',
        aiProvider: 'chatgpt',
      }),
    );
    times.push(performance.now() - t0);
  }
  setAppDb(undefined);
  await db.delete();
  return times;
}

/** n already-synced drafts of the user in the app's own database. */
export async function seedDrafts(n: number, userId: string): Promise<number> {
  const db = openAppDb();
  const base = Date.parse('2026-01-01T00:00:00Z');
  const rows: DraftRecord[] = Array.from({ length: n }, (_, i) => {
    const at = new Date(base + i * 60_000).toISOString();
    return makeDraftRecord({
      userId,
      content: `Stored draft ${i}: weekend opening hours, new menu items and a customer story. #local`,
      platforms: ['facebook', 'linkedin'],
      updatedAt: at,
      version: 1,
    });
  });
  await db.drafts.bulkPut(rows);
  const count = await db.drafts.where('userId').equals(userId).count();
  db.close();
  return count;
}
