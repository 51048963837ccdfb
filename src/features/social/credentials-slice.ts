import {
  createAsyncThunk,
  createEntityAdapter,
  createSlice,
  type Dispatch,
  type PayloadAction,
} from '@reduxjs/toolkit';
import { selectCurrentUser, sessionEnded, type AuthState } from '../auth';
import {
  CredentialsRequestError,
  deactivateCredentials,
  fetchCredentials,
  postCredentials,
  type SocialCredential,
} from './credentials-api';
import { credentialsMessages, socialTexts, type SocialPlatform } from './social-texts';

/**
 * The user's app credentials, one per platform, as the settings show them. Never persisted, and
 * never given a secret: the secret goes from the form straight to the server (see saveCredentials).
 */
const credentialsAdapter = createEntityAdapter<SocialCredential, SocialPlatform>({
  selectId: (credential) => credential.platform,
});

export interface CredentialsState extends ReturnType<typeof credentialsAdapter.getInitialState> {
  /** Whose credentials these are; null until the first read. */
  userId: string | null;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
}

export const initialCredentialsState: CredentialsState = credentialsAdapter.getInitialState({
  userId: null,
  status: 'idle',
});

type WithCredentials = { auth: AuthState; credentials: CredentialsState };

function currentUserId(state: WithCredentials): string {
  const user = selectCurrentUser(state as Parameters<typeof selectCurrentUser>[0]);
  if (!user) throw new Error(credentialsMessages.notAuthenticated);
  return user.id;
}

/** The spec's read of the active credentials; its failure is shown as Failed to load credentials. */
export const loadCredentials = createAsyncThunk<
  { userId: string; credentials: SocialCredential[] },
  void,
  { state: WithCredentials }
>('credentials/load', async (_arg, { getState }) => {
  const userId = currentUserId(getState());
  return { userId, credentials: await fetchCredentials(userId) };
});

/** The spec's soft delete (is_active false): the settings then show Not Configured. */
export const deleteCredentials = createAsyncThunk<
  { userId: string; platform: SocialPlatform },
  SocialPlatform,
  { state: WithCredentials }
>('credentials/delete', async (platform, { getState }) => {
  const userId = currentUserId(getState());
  await deactivateCredentials(userId, platform);
  return { userId, platform };
});

const slice = createSlice({
  name: 'credentials',
  initialState: initialCredentialsState,
  reducers: {
    /** The server's answer to a save: the row as stored, without the secret. */
    credentialsSaved(
      state,
      action: PayloadAction<{ userId: string; credential: SocialCredential }>,
    ) {
      if (state.userId !== null && state.userId !== action.payload.userId) return;
      state.userId = action.payload.userId;
      credentialsAdapter.setOne(state, action.payload.credential);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadCredentials.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(loadCredentials.fulfilled, (state, action) => {
        state.userId = action.payload.userId;
        state.status = 'loaded';
        credentialsAdapter.setAll(state, action.payload.credentials);
      })
      .addCase(loadCredentials.rejected, (state) => {
        state.status = 'failed';
      })
      .addCase(deleteCredentials.fulfilled, (state, action) => {
        if (state.userId === action.payload.userId) {
          credentialsAdapter.removeOne(state, action.payload.platform);
        }
      })
      .addCase(sessionEnded, () => initialCredentialsState);
  },
});

export const { credentialsSaved } = slice.actions;
export const credentialsReducer = slice.reducer;

export type SaveCredentialsOutcome =
  { ok: true; credential: SocialCredential } | { ok: false; message: string; detail?: string };

/**
 * Saves a platform's id and secret. Written as a plain thunk rather than createAsyncThunk on
 * purpose: createAsyncThunk copies its argument into every action's meta, and the secret must not
 * travel in an action. Only the server's answer (no secret) reaches the store.
 */
export function saveCredentials(platform: SocialPlatform, appId: string, secret: string) {
  return async (
    dispatch: Dispatch,
    getState: () => WithCredentials,
  ): Promise<SaveCredentialsOutcome> => {
    const texts = socialTexts(platform);
    const id = appId.trim();
    if (!id || !secret.trim()) return { ok: false, message: texts.fillIn };
    let userId: string;
    try {
      userId = currentUserId(getState());
    } catch {
      return { ok: false, message: texts.saveFailed, detail: credentialsMessages.notAuthenticated };
    }
    try {
      const credential = await postCredentials(platform, id, secret.trim());
      dispatch(credentialsSaved({ userId, credential }));
      return { ok: true, credential };
    } catch (error) {
      const detail = error instanceof CredentialsRequestError ? error.serverText : null;
      return { ok: false, message: texts.saveFailed, ...(detail ? { detail } : {}) };
    }
  };
}

type WithCredentialsOnly = { credentials: CredentialsState; auth: AuthState };

const adapterSelectors = credentialsAdapter.getSelectors(
  (state: WithCredentialsOnly) => state.credentials,
);

function ownState(state: WithCredentialsOnly): CredentialsState | null {
  const user = state.auth.user;
  return user && state.credentials.userId === user.id ? state.credentials : null;
}

/** The signed-in user's active credential of a platform, or null. */
export function selectCredential(
  state: WithCredentialsOnly,
  platform: SocialPlatform,
): SocialCredential | null {
  if (!ownState(state)) return null;
  return adapterSelectors.selectById(state, platform) ?? null;
}

/** idle until the signed-in user's credentials were read. */
export function selectCredentialsStatus(state: WithCredentialsOnly): CredentialsState['status'] {
  const user = state.auth.user;
  if (!user) return 'idle';
  if (state.credentials.userId === user.id) return state.credentials.status;
  // A read in flight for this user has not set userId yet.
  return state.credentials.status === 'loading' || state.credentials.status === 'failed'
    ? state.credentials.status
    : 'idle';
}
