export {
  draftsReducer,
  draftsLoaded,
  draftSaved,
  draftDeleted,
  initialDraftsState,
  selectAllDrafts,
  selectDraftById,
  selectDraftCount,
  selectDraftsLoaded,
  selectDraftsUserId,
  POST_DRAFTS_ENTITY,
  type Draft,
  type DraftsState,
} from './drafts-slice';
export {
  deleteDraft,
  loadDrafts,
  saveDraft,
  NotSignedInError,
  type DraftInput,
} from './drafts-repository';
