import {
  createEntityAdapter,
  createSlice,
  current,
  isDraft,
  type PayloadAction,
} from '@reduxjs/toolkit';
import type { DraftRecord } from '../../lib/db';
import { loadedEntities } from '../../lib/loaded-entities';
import { syncRowsChanged } from '../../lib/sync/events';
import { selectCurrentUser, sessionEnded, type AuthState } from '../auth';
import { postDraftsEntity } from './drafts-sync';

export type Draft = DraftRecord;

// Newest first; the id breaks ties so the order is stable.
const newestFirst = (a: Draft, b: Draft) =>
  a.updatedAt === b.updatedAt ? a.id.localeCompare(b.id) : a.updatedAt < b.updatedAt ? 1 : -1;
const draftsAdapter = createEntityAdapter<Draft>({ sortComparer: newestFirst });

export interface DraftsState extends ReturnType<typeof draftsAdapter.getInitialState> {
  /**
   * Whose drafts are loaded or being read; null until a screen that shows drafts asks for them
   * (useDeviceDrafts): the other pages never read this device's thousands of drafts.
   */
  userId: string | null;
  loaded: boolean;
  /** The drafts deleted while the read was under way, which it may still find. */
  removedWhileLoading: string[];
}

export const initialDraftsState: DraftsState = draftsAdapter.getInitialState({
  userId: null,
  loaded: false,
  removedWhileLoading: [],
});

/** Notes which drafts went and came back while the read is under way (no-op once loaded). */
function noteWhileLoading(
  state: DraftsState,
  {
    removed = [],
    upserted = [],
  }: {
    removed?: readonly string[];
    upserted?: readonly string[];
  },
) {
  if (state.loaded) return;
  const back = new Set(upserted);
  state.removedWhileLoading = [
    ...state.removedWhileLoading.filter((id) => !back.has(id)),
    ...removed,
  ];
}

export const draftsSlice = createSlice({
  name: 'drafts',
  initialState: initialDraftsState,
  reducers: {
    /** The read of this user's drafts has started: changes synced meanwhile are kept. */
    draftsLoading(_state, action: PayloadAction<{ userId: string }>) {
      return { ...initialDraftsState, userId: action.payload.userId };
    },
    /**
     * The read is in. What was saved, synced or deleted while it was under way is newer than what
     * it found, and wins: the read's pages come one after another, and a write may fall between.
     */
    draftsLoaded(state, action: PayloadAction<{ userId: string; drafts: Draft[] }>) {
      const { userId, drafts } = action.payload;
      let mine = drafts.filter((d) => d.userId === userId);
      if (state.userId === userId && !state.loaded) {
        const during = isDraft(state) ? current(state) : state;
        // Most reads see no write meanwhile: then the thousands of rows read are not copied again.
        if (during.removedWhileLoading.length) {
          const removed = new Set(during.removedWhileLoading);
          mine = mine.filter((d) => !removed.has(d.id));
        }
        if (during.ids.length) mine = mine.concat(during.ids.map((id) => during.entities[id]!));
      }
      return {
        ...loadedEntities(mine, newestFirst),
        userId,
        loaded: true,
        removedWhileLoading: [],
      };
    },
    draftSaved(state, action: PayloadAction<Draft>) {
      if (action.payload.userId !== state.userId) return;
      draftsAdapter.setOne(state, action.payload);
      noteWhileLoading(state, { upserted: [action.payload.id] });
    },
    draftDeleted(state, action: PayloadAction<{ id: string }>) {
      draftsAdapter.removeOne(state, action.payload.id);
      noteWhileLoading(state, { removed: [action.payload.id] });
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(syncRowsChanged, (state, action) => {
        if (action.payload.entity !== postDraftsEntity.name || state.userId === null) return;
        const mine = (action.payload.upserted as Draft[]).filter((d) => d.userId === state.userId);
        draftsAdapter.setMany(state, mine);
        draftsAdapter.removeMany(state, action.payload.removed);
        noteWhileLoading(state, {
          upserted: mine.map((d) => d.id),
          removed: action.payload.removed,
        });
      })
      .addCase(sessionEnded, () => initialDraftsState);
  },
  selectors: {
    selectDraftsLoaded: (state) => state.loaded,
    selectDraftsUserId: (state) => state.userId,
  },
});

export const { draftsLoading, draftsLoaded, draftSaved, draftDeleted } = draftsSlice.actions;
export const { selectDraftsLoaded, selectDraftsUserId } = draftsSlice.selectors;
export const draftsReducer = draftsSlice.reducer;

const adapterSelectors = draftsAdapter.getSelectors(
  (state: { drafts: DraftsState }) => state.drafts,
);

/** Every draft of the signed-in user, most recently updated first. */
export const selectAllDrafts = adapterSelectors.selectAll;
export const selectDraftById = adapterSelectors.selectById;
export const selectDraftCount = adapterSelectors.selectTotal;

/** Whether the signed-in user's drafts are read into the store (not being read, nor another's). */
export const selectUserDraftsLoaded = (state: {
  drafts: DraftsState;
  auth: AuthState;
}): boolean => {
  const user = selectCurrentUser(state);
  return state.drafts.loaded && user !== null && state.drafts.userId === user.id;
};
