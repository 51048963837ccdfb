import type { ThunkDispatcher } from '../../lib/sync/write';
import { saveDraft, selectDraftById, type DraftsState } from '../drafts';
import { updateScheduledPost } from '../publishing';
import type { CalendarItem } from './calendar-items';
import { gridTexts } from './calendar-texts';
import { moveToDay, type DayKey } from './month-grid';

export type MoveOutcome =
  { kind: 'moved'; at: string } | { kind: 'unchanged' } | { kind: 'refused'; message: string };

/**
 * Moves an item to another day at the same time of day in the user's zone, through the same
 * local writes (and outbox) as editing it would: a scheduled post that has started publishing is
 * refused by updateScheduledPost, with the server's own words.
 */
export function moveCalendarItem(
  item: CalendarItem,
  day: DayKey,
  timeZone: string,
  now: number = Date.now(),
) {
  return async (dispatch: ThunkDispatcher, getState: () => unknown): Promise<MoveOutcome> => {
    const at = moveToDay(item.at, day, timeZone);
    if (!at) return { kind: 'refused', message: gridTexts.notADate };
    if (Date.parse(at) === Date.parse(item.at)) return { kind: 'unchanged' };
    if (item.kind === 'scheduled-post') {
      if (Date.parse(at) <= now) return { kind: 'refused', message: gridTexts.past };
      try {
        // A day the user picked is theirs now, not the optimal-time rule's (as in the edit form).
        await dispatch(
          updateScheduledPost(item.sourceId, {
            scheduledFor: at,
            publishMode: 'schedule',
            timeRule: null,
          }),
        );
      } catch (error) {
        return { kind: 'refused', message: error instanceof Error ? error.message : String(error) };
      }
      return { kind: 'moved', at };
    }
    if (item.kind === 'draft') {
      const draft = selectDraftById(getState() as { drafts: DraftsState }, item.sourceId);
      if (!draft) return { kind: 'refused', message: gridTexts.notFound };
      try {
        // A draft is only planned for the day: it stays a draft, and a past day is allowed.
        await dispatch(
          saveDraft({
            id: draft.id,
            content: draft.content,
            platforms: draft.platforms,
            postType: draft.postType,
            prompt: draft.prompt,
            aiProvider: draft.aiProvider,
            status: 'draft',
            scheduledFor: at,
          }),
        );
      } catch (error) {
        return { kind: 'refused', message: error instanceof Error ? error.message : String(error) };
      }
      return { kind: 'moved', at };
    }
    return { kind: 'refused', message: gridTexts.notMovable };
  };
}
