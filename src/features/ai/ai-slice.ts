import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../auth';
import { testConnection, type ConnectionTestResult } from './ai-client';
import type { AiFailureKind } from './ai-errors';
import {
  hasStoredApiKey,
  validateAiSettings,
  writeAiSettings,
  type AiSettingsErrors,
  type AiSettingsForm,
} from './ai-settings';

export const AI_PROVIDERS = ['chatgpt', 'perplexity'] as const;
export type AiProviderId = (typeof AI_PROVIDERS)[number];

export type AiConnectionStatus = 'unknown' | 'connected' | 'error';
export type AiSettingsTestState = 'idle' | 'testing' | 'success' | 'error';
/** Where a connection test was started: each place shows its own texts. */
export type ConnectionTestSource = 'settings' | 'dashboard';

/** Safe to persist: it never holds the key, only whether one is stored. */
export interface AiState {
  provider: AiProviderId;
  connection: Record<AiProviderId, AiConnectionStatus>;
  settingsTest: AiSettingsTestState;
  keyConfigured: boolean;
}

export function isAiProvider(value: unknown): value is AiProviderId {
  return typeof value === 'string' && (AI_PROVIDERS as readonly string[]).includes(value);
}

export const initialAiState: AiState = {
  provider: 'chatgpt',
  connection: { chatgpt: 'unknown', perplexity: 'unknown' },
  settingsTest: 'idle',
  keyConfigured: false,
};

export const connectionStatusLabels: Record<AiConnectionStatus, string> = {
  connected: 'Connected',
  error: 'Error',
  unknown: 'Disconnected',
};

export const aiSlice = createSlice({
  name: 'ai',
  // Whether a key is stored is read from the device when the store is built.
  initialState: (): AiState => ({ ...initialAiState, keyConfigured: hasStoredApiKey() }),
  reducers: {
    providerChosen(state, action: PayloadAction<AiProviderId>) {
      if (isAiProvider(action.payload)) state.provider = action.payload;
    },
    aiSettingsSaved(state) {
      state.keyConfigured = true;
      state.connection.chatgpt = 'unknown';
    },
    connectionTestStarted(state, action: PayloadAction<{ source: ConnectionTestSource }>) {
      if (action.payload.source === 'settings') state.settingsTest = 'testing';
    },
    connectionTested(
      state,
      action: PayloadAction<{ source: ConnectionTestSource; ok: boolean; kind?: AiFailureKind }>,
    ) {
      const { source, ok, kind } = action.payload;
      // Without a key there is nothing to be in error: ChatGPT is simply not connected.
      state.connection.chatgpt = ok ? 'connected' : kind === 'key-missing' ? 'unknown' : 'error';
      state.keyConfigured = kind !== 'key-missing';
      if (source === 'settings') state.settingsTest = ok ? 'success' : 'error';
    },
  },
  extraReducers: (builder) => {
    // The next account on this browser starts from the defaults: the key left with the session.
    builder.addCase(sessionEnded, () => initialAiState);
  },
  selectors: {
    selectAiProvider: (state) => state.provider,
    /** Only ChatGPT can be connected; Perplexity always shows as Disconnected. */
    selectConnectionStatus: (state, provider: AiProviderId): AiConnectionStatus =>
      provider === 'chatgpt' ? state.connection.chatgpt : 'unknown',
    selectSettingsTest: (state) => state.settingsTest,
    selectAiKeyConfigured: (state) => state.keyConfigured,
  },
});

export const { providerChosen, aiSettingsSaved, connectionTestStarted, connectionTested } =
  aiSlice.actions;
export const {
  selectAiProvider,
  selectConnectionStatus,
  selectSettingsTest,
  selectAiKeyConfigured,
} = aiSlice.selectors;
export const aiReducer = aiSlice.reducer;

/** Tests the ChatGPT connection with the stored settings; resolves with the outcome. */
export const testAiConnection = createAsyncThunk(
  'ai/testConnection',
  async (
    { source }: { source: ConnectionTestSource },
    { dispatch },
  ): Promise<ConnectionTestResult> => {
    dispatch(connectionTestStarted({ source }));
    const result = await testConnection();
    dispatch(
      connectionTested(result.ok ? { source, ok: true } : { source, ok: false, kind: result.kind }),
    );
    return result;
  },
);

const createSettingsThunk = createAsyncThunk.withTypes<{ rejectValue: AiSettingsErrors }>();

/**
 * Settings › Save & Test Connection: validates the form, stores it on the device, then tests.
 * Rejects with the field errors when the form is invalid (nothing is stored then).
 */
export const saveAndTestAiSettings = createSettingsThunk(
  'ai/saveAndTestSettings',
  async (form: AiSettingsForm, { dispatch, rejectWithValue }) => {
    const validation = validateAiSettings(form);
    if (!validation.ok) return rejectWithValue(validation.errors);
    writeAiSettings(validation.value);
    dispatch(aiSettingsSaved());
    return dispatch(testAiConnection({ source: 'settings' })).unwrap();
  },
);
