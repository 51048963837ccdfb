export {
  ideasReducer,
  ideasLoaded,
  ideasStored,
  initialIdeasState,
  selectAllIdeas,
  selectIdeaById,
  selectIdeasLoaded,
  selectIdeasUserId,
  type ContentIdea,
  type IdeasState,
} from './ideas-slice';
export {
  importSavedSampleIdeas,
  loadContentIdeas,
  loadContentIdeasOnce,
  newestBatch,
  sampleIdeaId,
  savedIdeas,
  setIdeaSaved,
  setSampleIdeaSaved,
  storeGeneratedIdeas,
  IdeasNotSignedInError,
  type IdeaInput,
  type SampleIdeaInput,
} from './ideas-repository';
export { generateContentIdeas } from './ideas-generation';
export { contentIdeasEntity, clampScore, IDEA_TYPES, isIdeaType } from './ideas-sync';
