import type { EmotionCache } from '@emotion/cache';

/**
 * The app's styles as this device last compiled them, so that a page opened again does not
 * compile them again. Each MUI component and `sx` object the app renders is a style of its own,
 * named by a hash of its declarations, that Emotion turns into CSS rules (stylis) and adds to the
 * page as React commits. A signed-in page's first commit brings a few hundred rules: on a phone,
 * the longest task of its start-up. The rules compiled here are kept in localStorage with their
 * names; the next load puts them on the page as one style element, which the style cache adopts
 * as it adopts a prerendered page's styles (src/app/prerender.tsx), so React's commits add only
 * the styles that device has not seen yet.
 *
 * A name always stands for the same declarations; the rules made of them depend on Emotion,
 * stylis and the app's own stylis plugins (src/app/style-cache.tsx), which are the code of the
 * build's `styles` chunk (vite.config.ts): rules compiled by another version of that chunk are
 * not adopted. Only styles are kept, none of the user's data.
 */
export const STYLE_MEMORY_KEY = 'postbloom:styles';

/** A bound on what is kept (characters of CSS); past it, it starts again from this load's rules. */
export const STYLE_MEMORY_MAX_CHARS = 400_000;

interface StoredStyles {
  version: string;
  names: string[];
  css: string;
}

/** A style name as Emotion makes them (a hash, or a label after it): nothing else goes in. */
const STYLE_NAME = /^[\w-]+$/;

function readStored(storage: Storage, version: string): StoredStyles | null {
  try {
    const raw = storage.getItem(STYLE_MEMORY_KEY);
    const stored = raw ? (JSON.parse(raw) as Partial<StoredStyles>) : null;
    if (
      stored?.version !== version ||
      !Array.isArray(stored.names) ||
      typeof stored.css !== 'string'
    )
      return null;
    const names = stored.names.filter((n) => typeof n === 'string' && STYLE_NAME.test(n));
    return { version, names, css: stored.css };
  } catch {
    return null;
  }
}

export interface StyleMemory {
  /** Puts the remembered rules on the page for the style cache about to be made to adopt. */
  adopt(doc: Document): void;
  /** Records the rules `cache` compiles from now on. */
  watch(cache: EmotionCache): void;
  /** Keeps what was compiled since the last save, with what was remembered. */
  save(): void;
}

export function styleMemory(
  storage: Storage | null,
  version: string,
  maxChars = STYLE_MEMORY_MAX_CHARS,
): StyleMemory {
  const stored = storage ? readStored(storage, version) : null;
  let adopted: StoredStyles = stored ?? { version, names: [], css: '' };
  const newNames: string[] = [];
  const newRules: string[] = [];
  const kept = new Set(adopted.names);

  return {
    adopt(doc) {
      if (adopted.names.length === 0) return;
      const style = doc.createElement('style');
      style.setAttribute('data-emotion', `css ${adopted.names.join(' ')}`);
      style.setAttribute('data-remembered', '');
      style.textContent = adopted.css;
      doc.head.appendChild(style);
    },
    watch(cache) {
      const { sheet } = cache;
      const insertRule = sheet.insert.bind(sheet);
      let compiling: string[] | null = null;
      sheet.insert = (rule: string) => {
        compiling?.push(rule);
        insertRule(rule);
      };
      const insert = cache.insert;
      cache.insert = (selector, serialized, target, shouldCache) => {
        // Global styles (their own sheets) and uncached inserts are not the cache's to keep.
        if (!shouldCache || target !== sheet)
          return insert(selector, serialized, target, shouldCache);
        compiling = [];
        try {
          return insert(selector, serialized, target, shouldCache);
        } finally {
          // A name kept already (on a page that did not adopt them) is not kept twice.
          if (STYLE_NAME.test(serialized.name) && !kept.has(serialized.name)) {
            kept.add(serialized.name);
            newNames.push(serialized.name);
            newRules.push(...compiling);
          }
          compiling = null;
        }
      };
    },
    save() {
      if (!storage || newNames.length === 0) return;
      const css = newRules.join('');
      const next: StoredStyles =
        adopted.css.length + css.length <= maxChars
          ? { version, names: [...adopted.names, ...newNames], css: adopted.css + css }
          : { version, names: [...newNames], css };
      if (next.css.length > maxChars) return;
      try {
        storage.setItem(STYLE_MEMORY_KEY, JSON.stringify(next));
        adopted = next;
        kept.clear();
        for (const name of next.names) kept.add(name);
        newNames.length = 0;
        newRules.length = 0;
      } catch {
        // storage full or blocked: the next load compiles its styles, as on a first visit
      }
    },
  };
}
