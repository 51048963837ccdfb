import { deviceStorage } from '../lib/device-storage';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  PURGE,
  REGISTER,
  REHYDRATE,
  type PersistConfig,
} from 'redux-persist';
import { readKvValue } from '../lib/kv-read';
import { createDexieStorage, type PersistStorage } from '../lib/persist-storage';
// Slice and persist files, not the features' index files (see root-reducer.ts).
import { uiReducer } from '../features/ui/ui-slice';
import { uiPersist } from '../features/ui/ui-persist';
import { onboardingReducer } from '../features/onboarding/onboarding-slice';
import { onboardingPersist } from '../features/onboarding/onboarding-persist';
import { aiReducer } from '../features/ai/ai-slice';
import { aiPersist } from '../features/ai/ai-persist';

// Dexie is loaded on the first write (or a read IndexedDB alone cannot answer), not with the first
// paint's JavaScript.
let dexieStorage: Promise<PersistStorage> | undefined;
const loadDexieStorage = () =>
  (dexieStorage ??= import('../lib/db').then(({ getAppDb }) => createDexieStorage(getAppDb)));

// An IndexedDB write started while the page unloads (a reload right after typing) may never
// commit. When the page is hidden, the writes still in flight are also copied to local storage,
// which writes at once; the next start takes a copy found there over IndexedDB's older value.
const IN_FLIGHT_PREFIX = 'postbloom:persist-in-flight:';
const inFlight = new Map<string, string>();

function dropCopy(key: string): void {
  try {
    deviceStorage()?.removeItem(IN_FLIGHT_PREFIX + key);
  } catch {
    // nothing to drop
  }
}

/** Copies the writes IndexedDB has not committed yet to local storage (see above). */
export function keepInFlightWrites(): void {
  const storage = deviceStorage();
  for (const [key, value] of inFlight) {
    try {
      storage?.setItem(IN_FLIGHT_PREFIX + key, value);
    } catch {
      // a full storage: IndexedDB may still commit the write
    }
  }
}

/** Where small slices persist: the kv table of the app's IndexedDB (collections have their own tables). */
export const persistStorage: PersistStorage = {
  getItem: async (key) => {
    const copy = deviceStorage()?.getItem(IN_FLIGHT_PREFIX + key) ?? null;
    if (copy === null) {
      // Read without Dexie when IndexedDB alone can: the page then paints before Dexie loads.
      const saved = await readKvValue(key);
      return saved !== undefined ? saved : (await loadDexieStorage()).getItem(key);
    }
    const dexie = await loadDexieStorage();
    await dexie.setItem(key, copy);
    dropCopy(key);
    return copy;
  },
  setItem: async (key, value) => {
    inFlight.set(key, value);
    // A failed write stays in flight: its copy, if any, is what the next start reads.
    await (await loadDexieStorage()).setItem(key, value);
    // Only the latest write of a key settles its copy; an older one finishing changes nothing.
    if (inFlight.get(key) === value) {
      inFlight.delete(key);
      dropCopy(key);
    }
  },
  removeItem: async (key) => {
    dropCopy(key);
    await (await loadDexieStorage()).removeItem(key);
  },
};

export const PERSIST_ACTION_TYPES = [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER];

type SlicePersist<S> = Omit<PersistConfig<S>, 'storage' | 'timeout'>;

/** A feature's persist config on the app's shared storage. */
function onAppStorage<S>(config: SlicePersist<S>): PersistConfig<S> {
  return {
    ...config,
    storage: persistStorage,
    // 0 = no timeout: a slow read must not rehydrate with nothing and then overwrite what was saved.
    timeout: 0,
  };
}

export const uiPersistConfig = onAppStorage(uiPersist);

export const persistedUiReducer = persistReducer(uiPersistConfig, uiReducer);

export const onboardingPersistConfig = onAppStorage(onboardingPersist);

export const persistedOnboardingReducer = persistReducer(
  onboardingPersistConfig,
  onboardingReducer,
);

export const aiPersistConfig = onAppStorage(aiPersist);

export const persistedAiReducer = persistReducer(aiPersistConfig, aiReducer);
