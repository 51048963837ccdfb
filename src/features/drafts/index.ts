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
  selectUserDraftsLoaded,
  type Draft,
  type DraftsState,
} from './drafts-slice';
export {
  deleteDraft,
  DRAFTS_READ_PAGE,
  loadDrafts,
  loadDraftsOnce,
  markDraftScheduled,
  saveDraft,
  NotSignedInError,
  type DraftInput,
} from './drafts-repository';
export { postDraftsEntity } from './drafts-sync';
export { useDeviceDrafts } from './use-device-drafts';
