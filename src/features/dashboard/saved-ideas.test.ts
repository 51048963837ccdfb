import { describe, expect, it } from 'vitest';
import { CONTENT_IDEAS } from './sample-data';
import { readSavedIdeas, SAVED_IDEA_KEY, saveIdea } from './saved-ideas';

function memory(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

const [first, second] = CONTENT_IDEAS as [
  (typeof CONTENT_IDEAS)[number],
  (typeof CONTENT_IDEAS)[number],
];

describe('saved ideas', () => {
  it('keeps each saved idea once, under saved_idea', () => {
    const storage = memory();
    saveIdea(first, storage);
    saveIdea(second, storage);
    saveIdea(first, storage);
    expect(readSavedIdeas(storage).map((idea) => idea.id)).toEqual([second.id, first.id]);
    expect(JSON.parse(storage.getItem(SAVED_IDEA_KEY)!)).toHaveLength(2);
  });

  it('reads a single stored idea, and ignores what is not an idea', () => {
    expect(readSavedIdeas(memory({ [SAVED_IDEA_KEY]: JSON.stringify(first) }))).toEqual([first]);
    expect(readSavedIdeas(memory({ [SAVED_IDEA_KEY]: '{not json' }))).toEqual([]);
    expect(readSavedIdeas(memory({ [SAVED_IDEA_KEY]: '[1, {"id": 2}]' }))).toEqual([]);
  });

  it('throws where the device keeps nothing, so the screen can say so', () => {
    expect(() => saveIdea(first, null)).toThrow();
  });
});
