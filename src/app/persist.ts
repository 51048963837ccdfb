import {
  createMigrate,
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  PURGE,
  REGISTER,
  REHYDRATE,
  type MigrationManifest,
  type PersistConfig,
  type PersistedState,
  type PersistState,
} from 'redux-persist';
import { createDexieStorage, type PersistStorage } from '../lib/persist-storage';
import { initialUiState, isThemeMode, uiReducer, type UiState } from '../features/ui';
import { onboardingReducer, type OnboardingState } from '../features/onboarding/onboarding-slice';
import { aiReducer, isAiProvider, type AiState } from '../features/ai/ai-slice';

// Dexie is loaded on the first read, not with the first paint's JavaScript.
let dexieStorage: Promise<PersistStorage> | undefined;
const loadDexieStorage = () =>
  (dexieStorage ??= import('../lib/db').then(({ getAppDb }) => createDexieStorage(getAppDb)));

/** Where small slices persist: the kv table of the app's IndexedDB (collections have their own tables). */
export const persistStorage: PersistStorage = {
  getItem: async (key) => (await loadDexieStorage()).getItem(key),
  setItem: async (key, value) => (await loadDexieStorage()).setItem(key, value),
  removeItem: async (key) => (await loadDexieStorage()).removeItem(key),
};

export const PERSIST_ACTION_TYPES = [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER];

// Add one step per version bump: { 2: (state) => ({ ...state, newField: default }) }.
const uiMigrations: MigrationManifest = {};

type SavedUi = Partial<UiState> & { _persist: PersistState };

/** Saved state comes from outside the app: keep only values the slice can hold. */
function keepValidUi(state: PersistedState): PersistedState {
  if (!state) return state;
  const saved = state as SavedUi;
  if (isThemeMode(saved.themeMode)) return saved;
  return { ...saved, themeMode: initialUiState.themeMode } as SavedUi;
}

const migrateUi = createMigrate(uiMigrations);

export const uiPersistConfig: PersistConfig<UiState> = {
  key: 'ui',
  version: 1,
  storage: persistStorage,
  whitelist: ['themeMode'],
  // 0 = no timeout: a slow read must not rehydrate with nothing and then overwrite what was saved.
  timeout: 0,
  migrate: async (state, version) => keepValidUi(await migrateUi(state, version)),
};

export const persistedUiReducer = persistReducer(uiPersistConfig, uiReducer);

// In-progress wizard answers and whether this device completed them; never the check result.
// The completion itself waits in the sync outbox (Dexie), not here.
const onboardingMigrations: MigrationManifest = {
  // Version 1 kept a `pendingSave` flag for a completion made offline; the outbox replaced it.
  2: (state) => {
    if (!state) return state;
    const { pendingSave: _pendingSave, ...rest } = state as PersistedState & {
      pendingSave?: unknown;
    };
    return rest as PersistedState;
  },
};

export const onboardingPersistConfig: PersistConfig<OnboardingState> = {
  key: 'onboarding',
  version: 2,
  storage: persistStorage,
  whitelist: ['userId', 'answers', 'step', 'completed'],
  timeout: 0,
  migrate: createMigrate(onboardingMigrations),
};

export const persistedOnboardingReducer = persistReducer(
  onboardingPersistConfig,
  onboardingReducer,
);

// The AI provider choice only: connection results and test states are re-learned, and the key
// itself never enters Redux.
export const aiPersistConfig: PersistConfig<AiState> = {
  key: 'ai',
  version: 1,
  storage: persistStorage,
  whitelist: ['provider'],
  timeout: 0,
  migrate: async (state) => {
    if (!state) return state;
    const saved = state as PersistedState & { provider?: unknown };
    return isAiProvider(saved.provider)
      ? state
      : ({ ...saved, provider: 'chatgpt' } as PersistedState);
  },
};

export const persistedAiReducer = persistReducer(aiPersistConfig, aiReducer);
