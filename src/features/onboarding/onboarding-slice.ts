import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OnboardingRecord } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { accountDeleted, sessionEnded } from '../auth';
import type { OnboardingForm } from './onboarding-form';
import { onboardingDataEntity } from './onboarding-sync';

export type OnboardingCheck = 'unknown' | 'complete' | 'incomplete';

/** A queued save of the answers that the server refused (a parked outbox entry). */
export interface RefusedSave {
  seq: number;
  code: string;
  message: string;
}

/** The user's onboarding row on this device (Dexie) and its outbox entries; never persisted. */
export interface LocalOnboarding {
  /** Whose row was read; null until the first read. */
  userId: string | null;
  row: OnboardingRecord | null;
  /** A write of the row waits in the outbox (pending or in flight). */
  waiting: boolean;
  /** Refused writes of the row, oldest first. */
  refused: RefusedSave[];
}

export interface OnboardingState {
  /** Whose answers these are: another user on this device never sees them. */
  userId: string | null;
  answers: OnboardingForm | null;
  step: number;
  /** Completed on this device (counts at once, before the server has the row). */
  completed: boolean;
  /** The server check of this session (not persisted). */
  check: OnboardingCheck;
  checkedUserId: string | null;
  /** Where the check's answer came from: the server, or the cached flag when the check failed. */
  checkSource: 'server' | 'cache';
  local: LocalOnboarding;
  /** Bumped by every completion: a local read started before it is stale and dropped. */
  localGen: number;
  /** The latest refused write of the user's profile, the final save's other half (not persisted). */
  profileRefused: { userId: string; refusal: RefusedSave } | null;
}

const initialLocal: LocalOnboarding = { userId: null, row: null, waiting: false, refused: [] };

export const initialOnboardingState: OnboardingState = {
  userId: null,
  answers: null,
  step: 1,
  completed: false,
  check: 'unknown',
  checkedUserId: null,
  checkSource: 'server',
  local: initialLocal,
  localGen: 0,
  profileRefused: null,
};

function own(state: OnboardingState, userId: string) {
  if (state.userId !== userId) {
    state.userId = userId;
    state.answers = null;
    state.step = 1;
    state.completed = false;
  }
}

const slice = createSlice({
  name: 'onboarding',
  initialState: initialOnboardingState,
  reducers: {
    answersSaved(
      state,
      action: PayloadAction<{ userId: string; answers: OnboardingForm; step: number }>,
    ) {
      own(state, action.payload.userId);
      state.answers = action.payload.answers;
      state.step = action.payload.step;
    },
    /** The final save is on this device and in the outbox: onboarding counts as complete. */
    onboardingCompleted(
      state,
      action: PayloadAction<{ userId: string; answers: OnboardingForm; row: OnboardingRecord }>,
    ) {
      const { userId, answers, row } = action.payload;
      own(state, userId);
      state.answers = answers;
      state.step = 1;
      state.completed = true;
      state.local = { userId, row, waiting: true, refused: [] };
      state.localGen += 1;
      // The save deleted the earlier refused entries of both rows.
      state.profileRefused = null;
    },
    localOnboardingRead(
      state,
      action: PayloadAction<{
        userId: string;
        gen: number;
        row: OnboardingRecord | null;
        waiting: boolean;
        refused: RefusedSave[];
      }>,
    ) {
      const { userId, gen, row, waiting, refused } = action.payload;
      if (gen !== state.localGen) return;
      state.local = { userId, row, waiting, refused };
    },
    profileRefusalRead(
      state,
      action: PayloadAction<{ userId: string; refusal: RefusedSave | null }>,
    ) {
      const { userId, refusal } = action.payload;
      state.profileRefused = refusal ? { userId, refusal } : null;
    },
    onboardingChecked(
      state,
      action: PayloadAction<{ userId: string; complete: boolean; source?: 'server' | 'cache' }>,
    ) {
      state.checkedUserId = action.payload.userId;
      state.check = action.payload.complete ? 'complete' : 'incomplete';
      state.checkSource = action.payload.source ?? 'server';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(syncRowsChanged, (state, action) => {
        const { entity, upserted, removed } = action.payload;
        const userId = state.local.userId;
        if (entity !== onboardingDataEntity.name || userId === null) return;
        // The engine hands over a row only when no write of it is left in the outbox.
        const mine = (upserted as OnboardingRecord[]).filter((r) => r.userId === userId);
        const latest = mine.at(-1);
        if (latest) {
          state.local = { userId, row: latest, waiting: false, refused: [] };
        } else if (state.local.row && removed.includes(state.local.row.id)) {
          // A refused first completion was discarded: there is nothing left to count.
          state.local = { userId, row: null, waiting: false, refused: [] };
          if (state.userId === userId) state.completed = false;
        }
      })
      // A deleted account's answers must not wait on this device for a sign-in that cannot come.
      .addCase(accountDeleted, (state, action) => {
        if (state.userId !== action.payload.userId) return;
        state.userId = null;
        state.answers = null;
        state.step = 1;
        state.completed = false;
      })
      .addCase(sessionEnded, (state) => {
        state.local = initialLocal;
        state.profileRefused = null;
        state.check = 'unknown';
        state.checkedUserId = null;
      });
  },
});

export const {
  answersSaved,
  onboardingCompleted,
  localOnboardingRead,
  profileRefusalRead,
  onboardingChecked,
} = slice.actions;
export const onboardingReducer = slice.reducer;

type WithOnboarding = { onboarding: OnboardingState & { _persist?: { rehydrated: boolean } } };

export const selectOnboarding = (s: WithOnboarding) => s.onboarding;
export const selectOnboardingRehydrated = (s: WithOnboarding) =>
  s.onboarding._persist?.rehydrated ?? true;

/** The user's local row and its outbox state, once read from this device. */
export function selectLocalOnboarding(s: WithOnboarding, userId: string): LocalOnboarding | null {
  const local = s.onboarding.local;
  return local.userId === userId ? local : null;
}

/** The refusal of the user's latest save, while nothing newer waits to be pushed. */
export function selectRefusedSave(s: WithOnboarding, userId: string): RefusedSave | null {
  const local = selectLocalOnboarding(s, userId);
  if (!local || local.waiting) return null;
  return local.refused.at(-1) ?? null;
}

/** The refusal of the profile part of a save (§8: Failed to save user profile), if any. */
export function selectRefusedProfileSave(s: WithOnboarding, userId: string): RefusedSave | null {
  const refused = s.onboarding.profileRefused;
  return refused?.userId === userId ? refused.refusal : null;
}

/**
 * The gate's verdict for a user (spec §4): complete once a row exists, which on this device
 * includes a completion still waiting in the outbox. A first completion the server refused does
 * not count: only the server's own answer can then say the user has a row (from another device).
 */
export function selectOnboardingStatus(s: WithOnboarding, userId: string): OnboardingCheck {
  const o = s.onboarding;
  const local = selectLocalOnboarding(s, userId);
  const server = o.checkedUserId === userId ? o.check : 'unknown';
  const refusedFirst =
    selectRefusedSave(s, userId) !== null && (local?.row?.version ?? null) === null;
  if (refusedFirst) {
    if (server === 'unknown') return 'unknown';
    return server === 'complete' && o.checkSource === 'server' ? 'complete' : 'incomplete';
  }
  if (o.userId === userId && o.completed) return 'complete';
  if (local && (local.row !== null || local.waiting)) return 'complete';
  return server;
}
