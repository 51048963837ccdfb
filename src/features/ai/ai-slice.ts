import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { selectCurrentUser, sessionEnded, type AuthState } from '../auth';
import type { ConnectionTestResult } from './ai-client';
import type { AiFailureKind } from './ai-errors';
import {
  configuredProviders,
  readProviderSettingsForm,
  removeProviderSettings,
  validateProviderSettings,
  writeProviderSettings,
  type ProviderSettingsErrors,
  type ProviderSettingsForm,
} from './ai-settings';
import { AI_PROVIDERS, isAiProvider, type AiProviderId } from './providers';
import {
  deleteServerProvider,
  loadServerProviders,
  saveServerProvider,
  type ServerProvider,
} from './server-providers';

// Others import the provider list from the feature's slice and index; providers.ts defines it.
export { AI_PROVIDERS, aiProviderLabels, isAiProvider, type AiProviderId } from './providers';

export type AiConnectionStatus = 'unknown' | 'connected' | 'error';
export type AiSettingsTestState = 'idle' | 'testing' | 'success' | 'error';
/** Where a connection test was started: each place shows its own texts. */
export type ConnectionTestSource = 'settings' | 'dashboard';

/** Why the last Settings test failed, for its message; null when it did not fail. */
export interface AiTestFailure {
  kind: AiFailureKind;
  /** The API address that did not answer, for an unreachable one. */
  address?: string;
  /** The model the provider does not offer, for an unknown one. */
  model?: string;
}

/** What the server keeps for a provider (never the key itself: only whether there is one). */
export interface ServerProviderRow {
  baseURL: string;
  model: string;
  hasKey: boolean;
}

/** Whether the server's list of the user's providers is known on this page. */
export type ServerProvidersStatus = 'idle' | 'loading' | 'loaded' | 'failed';

type PerProvider<T> = Record<AiProviderId, T>;

function perProvider<T>(value: T): PerProvider<T> {
  return Object.fromEntries(AI_PROVIDERS.map((id) => [id, value])) as PerProvider<T>;
}

/** Safe to persist: it never holds a key, only whether one is stored and where. */
export interface AiState {
  provider: AiProviderId;
  /** The last test result per provider, kept across reloads, for `connectionOwner` only. */
  connection: PerProvider<AiConnectionStatus>;
  /** The user whose tests `connection` holds: another account on this browser starts unknown. */
  connectionOwner: string | null;
  settingsTest: PerProvider<AiSettingsTestState>;
  settingsFailure: PerProvider<AiTestFailure | null>;
  /** The providers with settings on this device for the signed-in user (not persisted). */
  deviceConfigured: AiProviderId[];
  /** The user's providers kept on the server, as last read on this page (not persisted). */
  server: Partial<PerProvider<ServerProviderRow>>;
  serverStatus: ServerProvidersStatus;
  /** The user the server list belongs to. */
  serverOwner: string | null;
}

export const initialAiState: AiState = {
  provider: 'chatgpt',
  connection: perProvider<AiConnectionStatus>('unknown'),
  connectionOwner: null,
  settingsTest: perProvider<AiSettingsTestState>('idle'),
  settingsFailure: perProvider<AiTestFailure | null>(null),
  deviceConfigured: [],
  server: {},
  serverStatus: 'idle',
  serverOwner: null,
};

export function isConnectionStatus(value: unknown): value is AiConnectionStatus {
  return value === 'unknown' || value === 'connected' || value === 'error';
}

/**
 * Saved state comes from outside the app: keep only values the slice can hold. A state saved
 * before the other providers existed (ChatGPT and Perplexity only) gets Disconnected for them.
 */
export function keepValidAiState<T extends object>(saved: T): T {
  const { provider, connection, connectionOwner } = saved as Partial<
    Record<keyof AiState, unknown>
  >;
  const results = (
    typeof connection === 'object' && connection !== null ? connection : {}
  ) as Partial<Record<AiProviderId, unknown>>;
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

function readDeviceConfigured(): AiProviderId[] {
  try {
    return configuredProviders();
  } catch {
    return [];
  }
}

/** Results of another user are forgotten before this user's are recorded. */
function ownConnections(state: AiState, userId: string | null) {
  if (state.connectionOwner !== userId) {
    state.connection = { ...initialAiState.connection };
    state.connectionOwner = userId;
  }
}

export const aiSlice = createSlice({
  name: 'ai',
  // Which providers have settings is read from the device when the store is built.
  initialState: (): AiState => ({ ...initialAiState, deviceConfigured: readDeviceConfigured() }),
  reducers: {
    providerChosen(state, action: PayloadAction<AiProviderId>) {
      if (isAiProvider(action.payload)) state.provider = action.payload;
    },
    /** The device's settings were read again (after a save, a removal or a sign-in). */
    deviceProvidersRead(state, action: PayloadAction<AiProviderId[]>) {
      const read = AI_PROVIDERS.filter((id) => action.payload.includes(id));
      // Read again by every screen that shows the choice: the same list keeps its place.
      if (read.join() !== state.deviceConfigured.join()) state.deviceConfigured = read;
    },
    aiSettingsSaved: {
      reducer(state, action: PayloadAction<{ provider: AiProviderId }>) {
        const { provider } = action.payload;
        if (!state.deviceConfigured.includes(provider)) {
          state.deviceConfigured = AI_PROVIDERS.filter(
            (id) => id === provider || state.deviceConfigured.includes(id),
          );
        }
        state.connection[provider] = 'unknown';
      },
      prepare: (provider: AiProviderId = 'chatgpt') => ({ payload: { provider } }),
    },
    /** The provider's settings are gone from this device and from the server. */
    aiSettingsRemoved(state, action: PayloadAction<{ provider: AiProviderId }>) {
      const { provider } = action.payload;
      state.deviceConfigured = state.deviceConfigured.filter((id) => id !== provider);
      delete state.server[provider];
      state.connection[provider] = 'unknown';
      state.settingsTest[provider] = 'idle';
      state.settingsFailure[provider] = null;
    },
    serverProvidersLoading(state, action: PayloadAction<{ userId: string }>) {
      if (state.serverOwner !== action.payload.userId) {
        state.server = {};
        state.serverOwner = action.payload.userId;
      }
      state.serverStatus = 'loading';
    },
    serverProvidersLoaded(
      state,
      action: PayloadAction<{ userId: string; rows: readonly ServerProvider[] }>,
    ) {
      state.serverOwner = action.payload.userId;
      state.serverStatus = 'loaded';
      state.server = Object.fromEntries(
        action.payload.rows.map((row) => [
          row.provider,
          { baseURL: row.baseURL, model: row.model, hasKey: row.hasKey },
        ]),
      );
    },
    /** Unknown for now; what was known stays. */
    serverProvidersFailed(state, action: PayloadAction<{ userId: string }>) {
      if (state.serverOwner === action.payload.userId) state.serverStatus = 'failed';
    },
    serverProviderSaved(
      state,
      action: PayloadAction<{
        userId: string;
        provider: AiProviderId;
        row: ServerProviderRow | null;
      }>,
    ) {
      const { userId, provider, row } = action.payload;
      if (state.serverOwner !== userId) {
        state.server = {};
        state.serverOwner = userId;
        state.serverStatus = 'idle';
      }
      if (row) state.server[provider] = row;
      else delete state.server[provider];
    },
    connectionTestStarted(
      state,
      action: PayloadAction<{ source: ConnectionTestSource; provider?: AiProviderId }>,
    ) {
      const provider = action.payload.provider ?? 'chatgpt';
      if (action.payload.source === 'settings') {
        state.settingsTest[provider] = 'testing';
        state.settingsFailure[provider] = null;
      }
    },
    connectionTested(
      state,
      action: PayloadAction<{
        source: ConnectionTestSource;
        provider?: AiProviderId;
        userId: string | null;
        ok: boolean;
        kind?: AiFailureKind;
        address?: string;
        model?: string;
      }>,
    ) {
      const { source, userId, ok, kind, address, model } = action.payload;
      const provider = action.payload.provider ?? 'chatgpt';
      ownConnections(state, userId);
      // Without settings there is nothing to be in error: the provider is simply not connected.
      state.connection[provider] = ok ? 'connected' : kind === 'key-missing' ? 'unknown' : 'error';
      if (kind === 'key-missing') {
        state.deviceConfigured = state.deviceConfigured.filter((id) => id !== provider);
        delete state.server[provider];
      }
      if (source === 'settings') {
        state.settingsTest[provider] = ok ? 'success' : 'error';
        state.settingsFailure[provider] = ok
          ? null
          : {
              kind: kind ?? 'failed',
              ...(address ? { address } : {}),
              ...(model ? { model } : {}),
            };
      }
    },
  },
  extraReducers: (builder) => {
    // The next account on this browser starts from the defaults: the settings left with the
    // session.
    builder.addCase(sessionEnded, () => initialAiState);
  },
  selectors: {
    selectAiProvider: (state) => state.provider,
  },
});

export const {
  providerChosen,
  deviceProvidersRead,
  aiSettingsSaved,
  aiSettingsRemoved,
  serverProvidersLoading,
  serverProvidersLoaded,
  serverProvidersFailed,
  serverProviderSaved,
  connectionTestStarted,
  connectionTested,
} = aiSlice.actions;
export const { selectAiProvider } = aiSlice.selectors;
export const aiReducer = aiSlice.reducer;

type AiRootState = { ai: AiState; auth: AuthState };

function currentUserId(state: { auth: AuthState }): string | null {
  return selectCurrentUser(state)?.id ?? null;
}

/** The Settings test of the provider's card. */
export function selectSettingsTest(
  state: { ai: AiState },
  provider: AiProviderId = 'chatgpt',
): AiSettingsTestState {
  return state.ai.settingsTest[provider];
}

export function selectSettingsFailure(
  state: { ai: AiState },
  provider: AiProviderId = 'chatgpt',
): AiTestFailure | null {
  return state.ai.settingsFailure[provider];
}

/** The signed-in user's server row for the provider, when the server list has been read. */
export function selectServerProvider(
  state: AiRootState,
  provider: AiProviderId,
): ServerProviderRow | null {
  const userId = currentUserId(state);
  if (!userId || state.ai.serverOwner !== userId) return null;
  return state.ai.server[provider] ?? null;
}

/** Whether the server's list of this user's providers was read (or is being read) on this page. */
export function selectServerProvidersStatus(state: AiRootState): ServerProvidersStatus {
  return state.ai.serverOwner === currentUserId(state) ? state.ai.serverStatus : 'idle';
}

/** The provider can be called: settings on this device, or a row on the server. */
export function selectProviderConfigured(state: AiRootState, provider: AiProviderId): boolean {
  return (
    state.ai.deviceConfigured.includes(provider) || selectServerProvider(state, provider) !== null
  );
}

/** Whether the chosen provider can be called (the dashboard's and the ideas panel's question). */
export function selectAiKeyConfigured(state: AiRootState): boolean {
  return selectProviderConfigured(state, state.ai.provider);
}

/** The signed-in user's last result for the provider; Disconnected for anyone else. */
export function selectConnectionStatus(
  state: AiRootState,
  provider: AiProviderId,
): AiConnectionStatus {
  const userId = currentUserId(state);
  return state.ai.connectionOwner === userId ? state.ai.connection[provider] : 'unknown';
}

const createAiThunk = createAsyncThunk.withTypes<{ state: AiRootState }>();

/** Reads again which providers this device has settings for. */
export function readDeviceProviders() {
  return deviceProvidersRead(readDeviceConfigured());
}

/**
 * Reads the user's providers kept on the server, once per page and user unless `force`d (after
 * a save elsewhere). A failure (offline, say) leaves what was known.
 */
export const loadAiServerProviders = createAiThunk(
  'ai/loadServerProviders',
  async (options: { force?: boolean } | undefined, { dispatch, getState }) => {
    const force = options?.force ?? false;
    const userId = currentUserId(getState());
    if (!userId) return;
    const status = selectServerProvidersStatus(getState());
    if (!force && (status === 'loaded' || status === 'loading')) return;
    dispatch(serverProvidersLoading({ userId }));
    try {
      const rows = await loadServerProviders();
      dispatch(serverProvidersLoaded({ userId, rows }));
    } catch {
      // Offline, or the server is away: the status says the list is unknown, and calls still
      // find a key kept there themselves.
      dispatch(serverProvidersFailed({ userId }));
    }
  },
);

/** Tests a provider (the chosen one by default) with its stored settings; resolves with the outcome. */
export const testAiConnection = createAiThunk(
  'ai/testConnection',
  async (
    { source, provider: asked }: { source: ConnectionTestSource; provider?: AiProviderId },
    { dispatch, getState },
  ): Promise<ConnectionTestResult> => {
    const provider = asked ?? getState().ai.provider;
    dispatch(connectionTestStarted({ source, provider }));
    // The client (providers' APIs, prompts, reply parsing) loads with the first test or generation,
    // not with every page's store. Should it not load, the test failed as a request would have.
    const result: ConnectionTestResult = await import('./ai-client').then(
      ({ testConnection }) => testConnection({ provider }),
      (error: unknown) => {
        console.error('The AI client could not load', error);
        return { ok: false, kind: 'failed' };
      },
    );
    // Settings written in another tab count as well.
    dispatch(readDeviceProviders());
    const userId = currentUserId(getState());
    dispatch(connectionTested({ source, provider, userId, ...result }));
    return result;
  },
);

const createSettingsThunk = createAsyncThunk.withTypes<{
  state: AiRootState;
  rejectValue: ProviderSettingsErrors;
}>();

/** Whether the provider's key is (or may be) kept on the server: its copy is to go. */
function hasServerCopy(state: AiRootState, provider: AiProviderId): boolean {
  return (
    selectServerProvider(state, provider) !== null ||
    readProviderSettingsForm(provider).keyLocation === 'server'
  );
}

/**
 * Settings › Save & Test Connection of one card: validates the form, stores it where the user
 * chose, then tests. On this device: the settings with the key, and a copy on the server is
 * deleted first (so no key stays where the user no longer wants it). On the server: the key is
 * sealed there, and the device keeps the address and model only. Rejects with the field errors
 * when the form is invalid (nothing is stored then), or with an Error whose message is the text
 * to show when the server refused or could not be reached.
 */
export const saveAndTestProvider = createSettingsThunk(
  'ai/saveAndTestProvider',
  async (
    { provider, form }: { provider: AiProviderId; form: ProviderSettingsForm },
    { dispatch, getState, rejectWithValue },
  ) => {
    const serverRow = selectServerProvider(getState(), provider);
    const validation = validateProviderSettings(provider, form, {
      serverKeyStored: serverRow?.hasKey === true,
    });
    if (!validation.ok) return rejectWithValue(validation.errors);
    const settings = validation.value;
    const userId = currentUserId(getState());

    if (settings.keyLocation === 'server') {
      const saved = await saveServerProvider(provider, {
        // Left blank, the stored key stays; a custom model without a key has none to send.
        ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
        baseURL: settings.baseURL,
        model: settings.model,
      });
      if (userId) {
        dispatch(
          serverProviderSaved({
            userId,
            provider,
            row: { baseURL: saved.baseURL, model: saved.model, hasKey: saved.hasKey },
          }),
        );
      }
      // The key is not written for a server location: the device keeps the address and model.
      writeProviderSettings(settings);
    } else {
      if (hasServerCopy(getState(), provider)) {
        await deleteServerProvider(provider);
        if (userId) dispatch(serverProviderSaved({ userId, provider, row: null }));
      }
      writeProviderSettings(settings);
    }
    dispatch(aiSettingsSaved(provider));
    return dispatch(testAiConnection({ source: 'settings', provider })).unwrap();
  },
);

/** Settings › Remove: forgets the provider on this device and on the server. */
export const removeAiProvider = createAiThunk(
  'ai/removeProvider',
  async ({ provider }: { provider: AiProviderId }, { dispatch, getState }) => {
    if (hasServerCopy(getState(), provider)) await deleteServerProvider(provider);
    removeProviderSettings(provider);
    dispatch(aiSettingsRemoved({ provider }));
  },
);
