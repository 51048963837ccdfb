export { AiAssistantsPanel } from './ai-assistants-panel';
export { AiProviderPanel } from './ai-provider-panel';
export {
  AI_PROVIDERS,
  aiProviderLabels,
  aiProviders,
  isAiProvider,
  providerOf,
  type AiProviderId,
  type AiProviderInfo,
} from './providers';
export {
  aiReducer,
  connectionStatusLabels,
  initialAiState,
  loadAiServerProviders,
  providerChosen,
  readDeviceProviders,
  selectAiKeyConfigured,
  selectAiProvider,
  selectConnectionStatus,
  selectProviderConfigured,
  selectSettingsTest,
  testAiConnection,
  type AiConnectionStatus,
  type AiSettingsTestState,
  type AiState,
} from './ai-slice';
export { aiPersist } from './ai-persist';
export {
  generateHashtags,
  generateIdeas,
  generatePost,
  improvePost,
  testConnection,
  type AiCallOptions,
  type ConnectionTestResult,
} from './ai-calls';
export { AiError, aiMessages, ideasMessages, keyName, type AiFailureKind } from './ai-errors';
export { SettingsLinkedText } from './settings-link-text';
export { extractHashtags } from './hashtags';
export {
  type BusinessProfileForGeneration,
  type GeneratedIdea,
  type GenerationRequest,
  type GenerationResult,
} from './prompt';
export { AiProviderChoice } from './ai-provider-choice';
