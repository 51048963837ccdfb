// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { persistStore, type Persistor } from 'redux-persist';
import { answersSaved, onboardingChecked } from '../features/onboarding';
import { emptyForm } from '../features/onboarding/onboarding-form';
import { selectThemeMode, themeModeChosen } from '../features/ui';
import { providerChosen, selectAiProvider } from '../features/ai/ai-slice';
import { getAppDb } from '../lib/db';
import { keepInFlightWrites, onboardingPersistConfig } from './persist';
import { makeStore, type AppStore } from './store';

async function bootedStore(): Promise<{ store: AppStore; persistor: Persistor }> {
  const store = makeStore();
  let persistor: Persistor | undefined;
  await new Promise<void>((resolve) => {
    persistor = persistStore(store, null, resolve);
  });
  return { store, persistor: persistor! };
}

const saved = async (key: string) => (await getAppDb().kv.get(key))?.value ?? null;

afterEach(() => getAppDb().kv.clear());

describe('ui persistence', () => {
  it('starts from the system theme', async () => {
    const { store } = await bootedStore();
    expect(selectThemeMode(store.getState())).toBe('system');
    expect(store.getState().ui._persist.rehydrated).toBe(true);
  });

  it('remembers the chosen theme across a reload', async () => {
    const first = await bootedStore();
    first.store.dispatch(themeModeChosen('dark'));
    await first.persistor.flush();

    const ui = JSON.parse((await saved('persist:ui')) ?? '{}') as Record<string, string>;
    expect(JSON.parse(ui.themeMode!)).toBe('dark');
    expect(JSON.parse(ui._persist!)).toMatchObject({ version: 1 });

    const second = await bootedStore();
    expect(selectThemeMode(second.store.getState())).toBe('dark');
  });

  it('persists only the whitelisted theme, the onboarding answers and never the auth slice', async () => {
    const { store, persistor } = await bootedStore();
    store.dispatch(themeModeChosen('light'));
    await persistor.flush();
    const keys = ((await getAppDb().kv.toCollection().primaryKeys()) as string[]).filter((key) =>
      key.startsWith('persist:'),
    );
    expect(keys.sort()).toEqual(['persist:ai', 'persist:onboarding', 'persist:ui']);
    expect(Object.keys(JSON.parse((await saved('persist:ui')) ?? '{}')).sort()).toEqual([
      '_persist',
      'themeMode',
    ]);
  });

  it('remembers the AI provider choice and the last connection results across a reload, never a test state', async () => {
    const first = await bootedStore();
    first.store.dispatch(providerChosen('perplexity'));
    await first.persistor.flush();
    expect(Object.keys(JSON.parse((await saved('persist:ai')) ?? '{}')).sort()).toEqual([
      '_persist',
      'connection',
      'connectionOwner',
      'provider',
    ]);
    const second = await bootedStore();
    expect(selectAiProvider(second.store.getState())).toBe('perplexity');
  });

  it('replaces a saved value the app cannot use with the default', async () => {
    await getAppDb().kv.put({
      key: 'persist:ui',
      value: JSON.stringify({
        themeMode: JSON.stringify('purple'),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    });
    const { store } = await bootedStore();
    expect(selectThemeMode(store.getState())).toBe('system');
  });

  it('ignores an unknown theme mode action payload', async () => {
    const { store } = await bootedStore();
    store.dispatch(themeModeChosen('dark'));
    store.dispatch(themeModeChosen('sepia' as never));
    expect(selectThemeMode(store.getState())).toBe('dark');
  });
});

describe('onboarding persistence', () => {
  it('keeps the answers and the step across a reload, but not the server check', async () => {
    const first = await bootedStore();
    const answers = { ...emptyForm('UTC'), businessName: 'Corner Shop' };
    first.store.dispatch(answersSaved({ userId: 'u1', answers, step: 3 }));
    first.store.dispatch(onboardingChecked({ userId: 'u1', complete: false }));
    await first.persistor.flush();
    expect(Object.keys(JSON.parse((await saved('persist:onboarding')) ?? '{}')).sort()).toEqual([
      '_persist',
      'answers',
      'completed',
      'step',
      'userId',
    ]);

    const second = await bootedStore();
    const onboarding = second.store.getState().onboarding;
    expect(onboarding.answers?.businessName).toBe('Corner Shop');
    expect(onboarding.step).toBe(3);
    expect(onboarding.check).toBe('unknown');
  });

  it('drops the pendingSave flag of version 1: a completion now waits in the sync outbox', async () => {
    // Through the app's own config, not the storage: stores of earlier tests may still write there.
    const saved = {
      userId: 'u1',
      answers: null,
      step: 1,
      completed: true,
      pendingSave: true,
      _persist: { version: 1, rehydrated: true },
    };
    const migrated = await onboardingPersistConfig.migrate!(
      saved,
      onboardingPersistConfig.version!,
    );
    expect(migrated).toEqual({
      userId: 'u1',
      answers: null,
      step: 1,
      completed: true,
      _persist: { version: 1, rehydrated: true },
    });
    expect(await onboardingPersistConfig.migrate!(undefined, 2)).toBeUndefined();
  });
});

describe('a reload right after a change', () => {
  const COPY = 'postbloom:persist-in-flight:persist:onboarding';
  const typed = (businessName: string) => ({ ...emptyForm('UTC'), businessName });
  afterEach(() => localStorage.clear());

  it('keeps a write that IndexedDB had not committed when the page went away', async () => {
    const first = await bootedStore();
    first.store.dispatch(answersSaved({ userId: 'u1', answers: typed('Corner'), step: 2 }));
    await first.persistor.flush();
    const committed = await saved('persist:onboarding');

    // The page is hidden right after the next change…
    first.store.dispatch(answersSaved({ userId: 'u1', answers: typed('Corner Shop'), step: 2 }));
    const writing = first.persistor.flush();
    keepInFlightWrites();
    const copy = localStorage.getItem(COPY);
    expect(copy).toContain('Corner Shop');
    await writing;
    // …and a page that lives on drops the copy once IndexedDB has the write.
    expect(localStorage.getItem(COPY)).toBeNull();

    // A page that unloaded instead: IndexedDB kept the older value, the copy survived.
    await getAppDb().kv.put({ key: 'persist:onboarding', value: committed! });
    localStorage.setItem(COPY, copy!);
    const second = await bootedStore();
    expect(second.store.getState().onboarding.answers?.businessName).toBe('Corner Shop');
    expect(await saved('persist:onboarding')).toBe(copy);
    expect(localStorage.getItem(COPY)).toBeNull();
  });
});
