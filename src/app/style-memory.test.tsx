// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { cleanup, render, screen } from '@testing-library/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { makeBrowserStyleCache, makeStyleCache } from './style-cache';
import { STYLE_MEMORY_KEY, styleMemory, type StyleMemory } from './style-memory';

/** A new page: the document's styles gone, as on the next load. */
function newPage() {
  cleanup();
  document.head.innerHTML = '';
}

beforeEach(() => {
  localStorage.clear();
  newPage();
});
afterEach(newPage);

/** The style cache of one load, with `memory` adopted and watching, and the rules it compiles. */
function load(memory: StyleMemory): {
  memory: StyleMemory;
  cache: EmotionCache;
  compiled: string[];
} {
  memory.adopt(document);
  const cache = makeStyleCache();
  const compiled: string[] = [];
  const insert = cache.sheet.insert.bind(cache.sheet);
  cache.sheet.insert = (rule: string) => {
    compiled.push(rule);
    insert(rule);
  };
  memory.watch(cache);
  return { memory, cache, compiled };
}

function Page({ cache, extra = false }: { cache: EmotionCache; extra?: boolean }) {
  return (
    <CacheProvider value={cache}>
      <Button variant="contained">Save</Button>
      {extra && <Box sx={{ p: 3, color: 'warning.main' }}>Extra</Box>}
    </CacheProvider>
  );
}

const cssClass = (element: Element) =>
  [...element.classList].find((name) => name.startsWith('css-'));

const stored = () =>
  JSON.parse(localStorage.getItem(STYLE_MEMORY_KEY) ?? 'null') as {
    version: string;
    names: string[];
    css: string;
  } | null;

describe('the style memory', () => {
  it('keeps the rules a load compiled, and the next load adopts them instead of compiling them', () => {
    const first = load(styleMemory(localStorage, 'v1'));
    render(<Page cache={first.cache} />);
    const className = cssClass(screen.getByRole('button'))!;
    expect(first.compiled.some((rule) => rule.includes(`.${className}`))).toBe(true);
    first.memory.save();
    expect(stored()?.names).toContain(className.replace(/^css-/, ''));

    newPage();
    const second = load(styleMemory(localStorage, 'v1'));
    render(<Page cache={second.cache} />);
    // The same style, taken from the page rather than compiled again.
    expect(cssClass(screen.getByRole('button'))).toBe(className);
    expect(second.compiled).toEqual([]);
    const remembered = document.querySelector('style[data-remembered]');
    expect(remembered?.getAttribute('data-emotion')).toContain(className.replace(/^css-/, ''));
    expect(remembered?.textContent).toContain(`.${className}{`);
  });

  it('adds what a load compiles to what it adopted', () => {
    const first = load(styleMemory(localStorage, 'v1'));
    render(<Page cache={first.cache} />);
    first.memory.save();
    const before = stored()!;

    newPage();
    const second = load(styleMemory(localStorage, 'v1'));
    render(<Page cache={second.cache} extra />);
    const extraClass = cssClass(screen.getByText('Extra'))!;
    expect(second.compiled.length).toBeGreaterThan(0);
    expect(second.compiled.every((rule) => rule.includes(`.${extraClass}`))).toBe(true);
    second.memory.save();
    const after = stored()!;
    expect(after.names).toEqual([...before.names, extraClass.replace(/^css-/, '')]);
    expect(after.css.startsWith(before.css)).toBe(true);
    expect(after.css).toContain(`.${extraClass}{`);
  });

  it('does not adopt rules another version compiled', () => {
    const first = load(styleMemory(localStorage, 'v1'));
    render(<Page cache={first.cache} />);
    first.memory.save();

    newPage();
    const second = load(styleMemory(localStorage, 'v2'));
    render(<Page cache={second.cache} />);
    expect(document.querySelector('style[data-remembered]')).toBeNull();
    expect(second.compiled.length).toBe(first.compiled.length);
    second.memory.save();
    expect(stored()?.version).toBe('v2');
  });

  it('starts again from the latest load past its bound, and writes nothing when nothing is new', () => {
    const first = load(styleMemory(localStorage, 'v1', 50_000));
    render(<Page cache={first.cache} />);
    first.memory.save();
    const buttonOnly = stored()!;
    expect(buttonOnly.css.length).toBeGreaterThan(0);

    newPage();
    const small = styleMemory(localStorage, 'v1', buttonOnly.css.length + 10);
    const second = load(small);
    render(<Page cache={second.cache} extra />);
    small.save();
    // The button's rules and the box's are over the bound together: only the box's are kept.
    const extraName = cssClass(screen.getByText('Extra'))!.replace(/^css-/, '');
    expect(stored()?.names).toEqual([extraName]);

    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    small.save();
    expect(setItem).not.toHaveBeenCalled();
    setItem.mockRestore();
  });

  it('compiles as usual where storage cannot be read or written', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    } as unknown as Storage;
    const memory = styleMemory(broken, 'v1');
    const { cache, compiled } = load(memory);
    render(<Page cache={cache} />);
    expect(compiled.length).toBeGreaterThan(0);
    expect(() => memory.save()).not.toThrow();
    // Nor does a saved value that is not the memory's.
    localStorage.setItem(STYLE_MEMORY_KEY, '{"version":"v1","names":"css-x","css":1}');
    newPage();
    const other = load(styleMemory(localStorage, 'v1'));
    expect(document.querySelector('style[data-remembered]')).toBeNull();
    render(<Page cache={other.cache} />);
    expect(other.compiled.length).toBeGreaterThan(0);
  });

  it('keeps a style once, though a page that did not adopt the rules compiles it again', () => {
    const first = load(styleMemory(localStorage, 'v1'));
    render(<Page cache={first.cache} />);
    first.memory.save();
    const before = localStorage.getItem(STYLE_MEMORY_KEY);

    newPage();
    const memory = styleMemory(localStorage, 'v1');
    const cache = makeStyleCache();
    memory.watch(cache);
    render(<Page cache={cache} />);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    memory.save();
    expect(setItem).not.toHaveBeenCalled();
    setItem.mockRestore();
    expect(localStorage.getItem(STYLE_MEMORY_KEY)).toBe(before);
  });

  it("puts the rules on a signed-in page's frame, not on a public page's HTML", () => {
    const first = load(styleMemory(localStorage, 'v1'));
    render(<Page cache={first.cache} />);
    first.memory.save();

    for (const [markup, adopted] of [
      ['<div id="prerendered" data-path="/privacy"></div>', false],
      ['<div id="prerendered" data-shell data-path="/dashboard"></div>', true],
      ['', true],
    ] as const) {
      newPage();
      document.body.innerHTML = markup;
      makeBrowserStyleCache(styleMemory(localStorage, 'v1'));
      expect(document.querySelector('style[data-remembered]') !== null, markup).toBe(adopted);
    }
    document.body.innerHTML = '';
  });
});
