import { deviceStorage } from '../../lib/device-storage';
import type { Idea } from './sample-data';

/**
 * The spec's local storage key, where ideas saved for later were kept on this device before they
 * became the user's synced ideas (src/features/ideas): oldest first, each with the user who saved
 * it, so another account on the same browser never sees them. The dashboard now only reads it,
 * once per user, to bring those ideas over, and then removes the user's entries.
 */
export const SAVED_IDEA_KEY = 'saved_idea';

export type SavedIdea = Idea & { userId: string };

type IdeaStorage = Pick<Storage, 'getItem' | 'setItem'>;
type ForgetStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

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

/**
 * Saves the idea for the user (once); returns their saved list. Throws when storage refuses. How
 * ideas were saved before they were synced: the app no longer calls it, a device set up that way
 * (in tests) does.
 */
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

/** Removes the user's saved ideas from the device (once they are kept elsewhere); others stay. */
export function forgetSavedIdeas(
  userId: string,
  storage: ForgetStorage | null = deviceStorage(),
): void {
  if (!storage) return;
  const others = readAll(storage).filter((saved) => saved.userId !== userId);
  if (others.length > 0) storage.setItem(SAVED_IDEA_KEY, JSON.stringify(others));
  else storage.removeItem(SAVED_IDEA_KEY);
}
