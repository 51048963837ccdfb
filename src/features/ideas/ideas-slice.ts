import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ContentIdeaRecord } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { sessionEnded } from '../auth';
import { contentIdeasEntity } from './ideas-sync';

export type ContentIdea = ContentIdeaRecord;

// Newest first; the id breaks ties so the order is stable.
const ideasAdapter = createEntityAdapter<ContentIdea>({
  sortComparer: (a, b) =>
    a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? 1 : -1,
});

export interface IdeasState extends ReturnType<typeof ideasAdapter.getInitialState> {
  /** Whose ideas are loaded; null before sign-in. */
  userId: string | null;
  loaded: boolean;
}

export const initialIdeasState: IdeasState = ideasAdapter.getInitialState({
  userId: null,
  loaded: false,
});

export const ideasSlice = createSlice({
  name: 'ideas',
  initialState: initialIdeasState,
  reducers: {
    ideasLoaded(state, action: PayloadAction<{ userId: string; ideas: ContentIdea[] }>) {
      state.userId = action.payload.userId;
      state.loaded = true;
      ideasAdapter.setAll(
        state,
        action.payload.ideas.filter((i) => i.userId === action.payload.userId),
      );
    },
    ideasStored(state, action: PayloadAction<{ upserted: ContentIdea[]; removed: string[] }>) {
      if (state.userId === null) return;
      ideasAdapter.setMany(
        state,
        action.payload.upserted.filter((i) => i.userId === state.userId),
      );
      ideasAdapter.removeMany(state, action.payload.removed);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(syncRowsChanged, (state, action) => {
        if (action.payload.entity !== contentIdeasEntity.name || state.userId === null) return;
        const mine = (action.payload.upserted as ContentIdea[]).filter(
          (i) => i.userId === state.userId,
        );
        ideasAdapter.setMany(state, mine);
        ideasAdapter.removeMany(state, action.payload.removed);
      })
      .addCase(sessionEnded, () => initialIdeasState);
  },
  selectors: {
    selectIdeasLoaded: (state) => state.loaded,
    selectIdeasUserId: (state) => state.userId,
  },
});

export const { ideasLoaded, ideasStored } = ideasSlice.actions;
export const { selectIdeasLoaded, selectIdeasUserId } = ideasSlice.selectors;
export const ideasReducer = ideasSlice.reducer;

const adapterSelectors = ideasAdapter.getSelectors((state: { ideas: IdeasState }) => state.ideas);

/** Every idea of the signed-in user, newest first. */
export const selectAllIdeas = adapterSelectors.selectAll;
export const selectIdeaById = adapterSelectors.selectById;
