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
export { postDraftsEntity } from './drafts-sync';
