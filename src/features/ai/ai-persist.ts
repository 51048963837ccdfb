import type { PersistConfig } from 'redux-persist';
import { keepValidAiState, type AiState } from './ai-slice';

// The AI provider choice and the last connection result per provider with the user it belongs to;
// test states and which providers are configured are re-learned, and no key ever enters Redux.
// Version 3 has all five providers; keepValidAiState gives those a version 2 state lacks
// Disconnected (it runs on every rehydrate).
export const aiPersist: Omit<PersistConfig<AiState>, 'storage' | 'timeout'> = {
  key: 'ai',
  version: 3,
  whitelist: ['provider', 'connection', 'connectionOwner'],
  migrate: async (state) => (state ? keepValidAiState(state) : state),
};
