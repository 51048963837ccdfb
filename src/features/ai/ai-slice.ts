import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { selectCurrentUser, sessionEnded, type AuthState } from '../auth';
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

/** The ids are the spec's; these are the names people know. */
export const aiProviderLabels: Record<AiProviderId, string> = {
  chatgpt: 'ChatGPT',
  perplexity: 'Perplexity',
};

export type AiConnectionStatus = 'unknown' | 'connected' | 'error';
export type AiSettingsTestState = 'idle' | 'testing' | 'success' | 'error';
/** Where a connection test was started: each place shows its own texts. */
export type ConnectionTestSource = 'settings' | 'dashboard';

/** Why the last Settings test failed, for its message; null when it did not fail. */
export interface AiTestFailure {
  kind: AiFailureKind;
  /** The API address that did not answer, for an unreachable one. */
  address?: string;
}

/** Safe to persist: it never holds the key, only whether one is stored. */
export interface AiState {
  provider: AiProviderId;
  /** The last test result per provider, kept across reloads, for `connectionOwner` only. */
  connection: Record<AiProviderId, AiConnectionStatus>;
  /** The user whose tests `connection` holds: another account on this browser starts unknown. */
  connectionOwner: string | null;
  settingsTest: AiSettingsTestState;
  settingsFailure: AiTestFailure | null;
  keyConfigured: boolean;
}

export function isAiProvider(value: unknown): value is AiProviderId {
  return typeof value === 'string' && (AI_PROVIDERS as readonly string[]).includes(value);
}

export const initialAiState: AiState = {
  provider: 'chatgpt',
  connection: { chatgpt: 'unknown', perplexity: 'unknown' },
  connectionOwner: null,
  settingsTest: 'idle',
  settingsFailure: null,
  keyConfigured: false,
};

export function isConnectionStatus(value: unknown): value is AiConnectionStatus {
  return value === 'unknown' || value === 'connected' || value === 'error';
}

/** Saved state comes from outside the app: keep only values the slice can hold. */
export function keepValidAiState<T extends object>(saved: T): T {
  const { provider, connection, connectionOwner } = saved as Partial<
    Record<keyof AiState, unknown>
  >;
  const results = (connection ?? {}) as Partial<Record<AiProviderId, unknown>>;
  return {
    ...saved,
    provider: isAiProvider(provider) ? provider : initialAiState.provider,
    connection: Object.fromEntries(
      AI_PROVIDERS.map((id) => [id, isConnectionStatus(results[id]) ? results[id] : 'unknown']),
    ),
    connectionOwner: typeof connectionOwner === 'string' ? connectionOwner : null,
  };
}

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
      if (action.payload.source === 'settings') {
        state.settingsTest = 'testing';
        state.settingsFailure = null;
      }
    },
    connectionTested(
      state,
      action: PayloadAction<{
        source: ConnectionTestSource;
        userId: string | null;
        ok: boolean;
        kind?: AiFailureKind;
        address?: string;
      }>,
    ) {
      const { source, userId, ok, kind, address } = action.payload;
      if (state.connectionOwner !== userId) {
        state.connection = { ...initialAiState.connection };
        state.connectionOwner = userId;
      }
      // Without a key there is nothing to be in error: ChatGPT is simply not connected.
      state.connection.chatgpt = ok ? 'connected' : kind === 'key-missing' ? 'unknown' : 'error';
      state.keyConfigured = kind !== 'key-missing';
      if (source === 'settings') {
        state.settingsTest = ok ? 'success' : 'error';
        state.settingsFailure = ok
          ? null
          : { kind: kind ?? 'failed', ...(address ? { address } : {}) };
      }
    },
  },
  extraReducers: (builder) => {
    // The next account on this browser starts from the defaults: the key left with the session.
    builder.addCase(sessionEnded, () => initialAiState);
  },
  selectors: {
    selectAiProvider: (state) => state.provider,
    selectSettingsTest: (state) => state.settingsTest,
    selectSettingsFailure: (state) => state.settingsFailure,
    selectAiKeyConfigured: (state) => state.keyConfigured,
  },
});

export const { providerChosen, aiSettingsSaved, connectionTestStarted, connectionTested } =
  aiSlice.actions;
export const {
  selectAiProvider,
  selectSettingsTest,
  selectSettingsFailure,
  selectAiKeyConfigured,
} = aiSlice.selectors;
export const aiReducer = aiSlice.reducer;

/**
 * The signed-in user's last result; Disconnected for anyone else. Only ChatGPT can be connected;
 * Perplexity always shows as Disconnected.
 */
export function selectConnectionStatus(
  state: { ai: AiState; auth: AuthState },
  provider: AiProviderId,
): AiConnectionStatus {
  if (provider !== 'chatgpt') return 'unknown';
  const userId = selectCurrentUser(state)?.id ?? null;
  return state.ai.connectionOwner === userId ? state.ai.connection.chatgpt : 'unknown';
}

/** Tests the ChatGPT connection with the stored settings; resolves with the outcome. */
export const testAiConnection = createAsyncThunk(
  'ai/testConnection',
  async (
    { source }: { source: ConnectionTestSource },
    { dispatch, getState },
  ): Promise<ConnectionTestResult> => {
    dispatch(connectionTestStarted({ source }));
    const result = await testConnection();
    const userId = selectCurrentUser(getState() as { auth: AuthState })?.id ?? null;
    dispatch(connectionTested({ source, userId, ...result }));
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
