// The app's synced entities, for the sync engine's tests under lib/ (which import no feature or
// app module themselves).
export { syncEntities } from '../app/sync-entities';
export { postDraftsEntity } from '../features/drafts';
