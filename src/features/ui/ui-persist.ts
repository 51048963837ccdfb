import {
  createMigrate,
  type MigrationManifest,
  type PersistConfig,
  type PersistedState,
  type PersistState,
} from 'redux-persist';
import { initialUiState, isThemeMode, type UiState } from './ui-state';

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

/** What the ui slice keeps on the device; the app supplies the storage every slice shares. */
export const uiPersist: Omit<PersistConfig<UiState>, 'storage' | 'timeout'> = {
  key: 'ui',
  version: 1,
  whitelist: ['themeMode'],
  migrate: async (state, version) => keepValidUi(await migrateUi(state, version)),
};
