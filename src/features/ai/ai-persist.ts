import type { PersistConfig } from 'redux-persist';
import { keepValidAiState, type AiState } from './ai-slice';

// The AI provider choice and the last connection result per provider with the user it belongs to
// (version 2); test states are re-learned, and the key itself never enters Redux.
export const aiPersist: Omit<PersistConfig<AiState>, 'storage' | 'timeout'> = {
  key: 'ai',
  version: 2,
  whitelist: ['provider', 'connection', 'connectionOwner'],
  migrate: async (state) => (state ? keepValidAiState(state) : state),
};
