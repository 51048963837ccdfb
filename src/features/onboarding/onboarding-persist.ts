import {
  createMigrate,
  type MigrationManifest,
  type PersistConfig,
  type PersistedState,
} from 'redux-persist';
import type { OnboardingState } from './onboarding-slice';

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

// In-progress wizard answers and whether this device completed them; never the check result.
// The completion itself waits in the sync outbox (Dexie), not here.
export const onboardingPersist: Omit<PersistConfig<OnboardingState>, 'storage' | 'timeout'> = {
  key: 'onboarding',
  version: 2,
  whitelist: ['userId', 'answers', 'step', 'completed'],
  migrate: createMigrate(onboardingMigrations),
};
