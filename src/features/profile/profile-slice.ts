import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserProfileRecord } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { sessionEnded } from '../auth';
import { userProfilesEntity } from './profile-sync';

/** The signed-in user's profile row as this device holds it (Dexie); never persisted. */
export interface ProfileState {
  /** Whose row this is; null until the first read. */
  userId: string | null;
  row: UserProfileRecord | null;
  status: 'idle' | 'loaded' | 'failed';
}

export const initialProfileState: ProfileState = { userId: null, row: null, status: 'idle' };

const slice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    profileRead(state, action: PayloadAction<{ userId: string; row: UserProfileRecord | null }>) {
      state.userId = action.payload.userId;
      state.row = action.payload.row;
      state.status = 'loaded';
    },
    profileReadFailed(state, action: PayloadAction<{ userId: string }>) {
      if (state.userId === action.payload.userId && state.status === 'loaded') return;
      state.userId = action.payload.userId;
      state.row = null;
      state.status = 'failed';
    },
    /** Saved on this device and queued for the server. */
    profileSaved(state, action: PayloadAction<UserProfileRecord>) {
      state.userId = action.payload.userId;
      state.row = action.payload;
      state.status = 'loaded';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(syncRowsChanged, (state, action) => {
        const { entity, upserted, removed } = action.payload;
        if (entity !== userProfilesEntity.name || state.userId === null) return;
        // Pulls from other devices, pushed rows as the server stored them, discarded changes. The
        // engine hands over a row only when no write of it is left in the outbox.
        const mine = (upserted as UserProfileRecord[]).filter((r) => r.userId === state.userId);
        const latest = mine.at(-1);
        if (latest) {
          state.row = latest;
          state.status = 'loaded';
        } else if (state.row && removed.includes(state.row.id)) {
          state.row = null;
        }
      })
      .addCase(sessionEnded, () => initialProfileState);
  },
});

export const { profileRead, profileReadFailed, profileSaved } = slice.actions;
export const profileReducer = slice.reducer;

type WithProfile = { profile: ProfileState };

/** The user's profile row on this device; null before it is read or when there is none. */
export function selectProfileOf(s: WithProfile, userId: string | null | undefined) {
  return userId && s.profile.userId === userId ? s.profile.row : null;
}

/** idle until this device's row of the user was read; failed if it could not be. */
export function selectProfileStatus(s: WithProfile, userId: string | null | undefined) {
  return userId && s.profile.userId === userId ? s.profile.status : 'idle';
}
