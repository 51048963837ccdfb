import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DraftRecord } from '../../lib/db';
import { loadedEntities } from '../../lib/loaded-entities';
import { syncRowsChanged } from '../../lib/sync/events';
import { sessionEnded } from '../auth';
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
}

export const initialDraftsState: DraftsState = draftsAdapter.getInitialState({
  userId: null,
  loaded: false,
});

export const draftsSlice = createSlice({
  name: 'drafts',
  initialState: initialDraftsState,
  reducers: {
    /** The read of this user's drafts has started: changes synced meanwhile are kept. */
    draftsLoading(_state, action: PayloadAction<{ userId: string }>) {
      return { ...initialDraftsState, userId: action.payload.userId };
    },
    draftsLoaded(_state, action: PayloadAction<{ userId: string; drafts: Draft[] }>) {
      const { userId, drafts } = action.payload;
      const mine = drafts.filter((d) => d.userId === userId);
      return { ...loadedEntities(mine, newestFirst), userId, loaded: true };
    },
    draftSaved(state, action: PayloadAction<Draft>) {
      if (action.payload.userId === state.userId) draftsAdapter.setOne(state, action.payload);
    },
    draftDeleted(state, action: PayloadAction<{ id: string }>) {
      draftsAdapter.removeOne(state, action.payload.id);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(syncRowsChanged, (state, action) => {
        if (action.payload.entity !== postDraftsEntity.name || state.userId === null) return;
        const mine = (action.payload.upserted as Draft[]).filter((d) => d.userId === state.userId);
        draftsAdapter.setMany(state, mine);
        draftsAdapter.removeMany(state, action.payload.removed);
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
