import { appDb } from '../../lib/app-db';
import type { AppDb } from '../../lib/db';
import type { ThunkDispatcher } from '../../lib/sync/write';
import { generateIdeas, type AiCallOptions } from '../ai';
import { readIdeasProfile } from './ideas-profile';
import { IdeasNotSignedInError, storeGeneratedIdeas } from './ideas-repository';
import type { ContentIdea, IdeasState } from './ideas-slice';

/**
 * Asks the AI for a handful of ideas for the user's business (one request) and keeps them as the
 * newest batch. An AiError (its message is the text to show) leaves the stored ideas as they were.
 */
export function generateContentIdeas(given?: AppDb, options: AiCallOptions = {}) {
  return async (dispatch: ThunkDispatcher, getState: () => unknown): Promise<ContentIdea[]> => {
    const db = given ?? (await appDb());
    const userId = (getState() as { ideas: IdeasState }).ideas.userId;
    if (!userId) throw new IdeasNotSignedInError();
    const profile = await readIdeasProfile(db, userId);
    const ideas = await generateIdeas(profile, options);
    return dispatch(storeGeneratedIdeas(ideas, db));
  };
}
