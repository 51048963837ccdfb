import { deviceStorage } from '../../lib/device-storage';
import type { Idea } from './sample-data';

/**
 * The spec's local storage key; it holds every idea saved for later on this device, oldest first,
 * each with the user who saved it: another account on the same browser never sees them.
 */
export const SAVED_IDEA_KEY = 'saved_idea';

export type SavedIdea = Idea & { userId: string };

type IdeaStorage = Pick<Storage, 'getItem' | 'setItem'>;

function isSavedIdea(value: unknown): value is SavedIdea {
  if (typeof value !== 'object' || value === null) return false;
  const { id, title, userId } = value as Partial<SavedIdea>;
  return typeof id === 'string' && typeof title === 'string' && typeof userId === 'string';
}

/** Every user's saved ideas; entries from before ideas had an owner belong to nobody and go. */
function readAll(storage: IdeaStorage | null): SavedIdea[] {
  try {
    const raw = storage?.getItem(SAVED_IDEA_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.filter(isSavedIdea);
  } catch {
    return [];
  }
}

/** The ideas this user saved on this device. */
export function readSavedIdeas(
  userId: string | null,
  storage: IdeaStorage | null = deviceStorage(),
): SavedIdea[] {
  if (!userId) return [];
  return readAll(storage).filter((idea) => idea.userId === userId);
}

/** Saves the idea for the user (once); returns their saved list. Throws when storage refuses. */
export function saveIdea(
  idea: Idea,
  userId: string,
  storage: IdeaStorage | null = deviceStorage(),
): SavedIdea[] {
  if (!storage) throw new Error('This browser does not allow saving on the device.');
  const others = readAll(storage).filter(
    (saved) => !(saved.userId === userId && saved.id === idea.id),
  );
  const next = [...others, { ...idea, userId }];
  storage.setItem(SAVED_IDEA_KEY, JSON.stringify(next));
  return next.filter((saved) => saved.userId === userId);
}
