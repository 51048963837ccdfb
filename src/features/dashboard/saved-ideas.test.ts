import { describe, expect, it } from 'vitest';
import { CONTENT_IDEAS } from './sample-data';
import { forgetSavedIdeas, readSavedIdeas, SAVED_IDEA_KEY, saveIdea } from './saved-ideas';

function memory(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const [first, second] = CONTENT_IDEAS as [
  (typeof CONTENT_IDEAS)[number],
  (typeof CONTENT_IDEAS)[number],
];
const ada = 'user-ada';
const bob = 'user-bob';

describe('saved ideas', () => {
  it('keeps each saved idea once per user, under saved_idea', () => {
    const storage = memory();
    saveIdea(first, ada, storage);
    saveIdea(second, ada, storage);
    saveIdea(first, ada, storage);
    expect(readSavedIdeas(ada, storage).map((idea) => idea.id)).toEqual([second.id, first.id]);
    expect(JSON.parse(storage.getItem(SAVED_IDEA_KEY)!)).toHaveLength(2);
  });

  it("never shows one user's saved ideas to another account on the same device", () => {
    const storage = memory();
    saveIdea(first, ada, storage);
    expect(readSavedIdeas(bob, storage)).toEqual([]);
    expect(readSavedIdeas(null, storage)).toEqual([]);

    saveIdea(second, bob, storage);
    expect(readSavedIdeas(bob, storage).map((idea) => idea.id)).toEqual([second.id]);
    // Bob's save keeps Ada's ideas for when she signs in again.
    expect(readSavedIdeas(ada, storage).map((idea) => idea.id)).toEqual([first.id]);
  });

  it('ignores what is not a saved idea, including ideas saved before they had an owner', () => {
    expect(readSavedIdeas(ada, memory({ [SAVED_IDEA_KEY]: JSON.stringify(first) }))).toEqual([]);
    expect(
      readSavedIdeas(ada, memory({ [SAVED_IDEA_KEY]: JSON.stringify({ ...first, userId: ada }) })),
    ).toEqual([{ ...first, userId: ada }]);
    expect(readSavedIdeas(ada, memory({ [SAVED_IDEA_KEY]: '{not json' }))).toEqual([]);
    expect(readSavedIdeas(ada, memory({ [SAVED_IDEA_KEY]: '[1, {"id": 2}]' }))).toEqual([]);
  });

  it('throws where the device keeps nothing, so the screen can say so', () => {
    expect(() => saveIdea(first, ada, null)).toThrow();
  });

  it('forgets one user’s saved ideas once they are kept elsewhere, and the key with the last', () => {
    const storage = memory();
    saveIdea(first, ada, storage);
    saveIdea(second, bob, storage);
    forgetSavedIdeas(ada, storage);
    expect(readSavedIdeas(ada, storage)).toEqual([]);
    expect(readSavedIdeas(bob, storage).map((idea) => idea.id)).toEqual([second.id]);
    forgetSavedIdeas(bob, storage);
    expect(storage.getItem(SAVED_IDEA_KEY)).toBeNull();
    expect(() => forgetSavedIdeas(ada, null)).not.toThrow();
  });
});
