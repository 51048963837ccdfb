import type { Idea } from './sample-data';

/** The spec's local storage key; it holds every idea saved for later, oldest first. */
export const SAVED_IDEA_KEY = 'saved_idea';

type IdeaStorage = Pick<Storage, 'getItem' | 'setItem'>;

function deviceStorage(): IdeaStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isIdea(value: unknown): value is Idea {
  if (typeof value !== 'object' || value === null) return false;
  const { id, title } = value as Partial<Idea>;
  return typeof id === 'string' && typeof title === 'string';
}

export function readSavedIdeas(storage: IdeaStorage | null = deviceStorage()): Idea[] {
  try {
    const raw = storage?.getItem(SAVED_IDEA_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    // An older single saved idea is kept as a list of one.
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.filter(isIdea);
  } catch {
    return [];
  }
}

/** Saves the idea on this device (once); returns the saved list. Throws when storage refuses. */
export function saveIdea(idea: Idea, storage: IdeaStorage | null = deviceStorage()): Idea[] {
  if (!storage) throw new Error('This browser does not allow saving on the device.');
  const saved = readSavedIdeas(storage).filter((other) => other.id !== idea.id);
  const next = [...saved, idea];
  storage.setItem(SAVED_IDEA_KEY, JSON.stringify(next));
  return next;
}
