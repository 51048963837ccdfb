import type { ReactNode } from 'react';
import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { deviceStorage } from '../lib/device-storage';
import { styleMemory, type StyleMemory } from './style-memory';

/**
 * The declarations the browsers the app runs in (Chromium, Firefox and Safari of the last few
 * years) still need a `-webkit-` copy of: Safari knows them only prefixed.
 */
const WEBKIT_ONLY = new Set([
  'user-select',
  'backdrop-filter',
  'box-decoration-break',
  'text-size-adjust',
]);

/**
 * Emotion's default prefixer reads every declaration the app styles with, for prefixes of browsers
 * long gone: a third of the style work in each of React's commits on a phone. This one adds only
 * the copies Safari needs.
 */
export const webkitPrefixes: StylisPlugin = (element) => {
  if (element.type === 'decl' && !element.return && WEBKIT_ONLY.has(element.props as string))
    element.return = `-webkit-${element.value}${element.value}`;
};

/**
 * The app's style cache; the `css` key is the default cache's, so the app adopts the styles a
 * prerendered page carries (src/app/prerender.tsx) instead of adding copies.
 */
export function makeStyleCache(): EmotionCache {
  return createCache({ key: 'css', stylisPlugins: [webkitPrefixes] });
}

/** When the rules of a load's start-up are kept: well after a phone has shown the page. */
const SAVE_AFTER_MS = 10_000;

/**
 * The app's style cache in the browser, with the styles this device compiled before
 * (src/app/style-memory.ts), and keeping what it compiles some seconds in, once the page's
 * start-up is over, and whenever the page is hidden or left. The
 * version is this module's address: in a build, the `styles` chunk's, whose name changes with
 * the code that turns styles into rules (Emotion, stylis and the plugins above).
 */
export function makeBrowserStyleCache(
  memory: StyleMemory = styleMemory(deviceStorage(), import.meta.url),
): EmotionCache {
  // A public page's HTML carries the styles it shows first (src/app/prerender.tsx): the rules
  // the signed-in pages compiled would only be more CSS for it to read.
  if (!document.querySelector('#prerendered:not([data-shell])')) memory.adopt(document);
  const cache = makeStyleCache();
  memory.watch(cache);
  const save = () => memory.save();
  setTimeout(save, SAVE_AFTER_MS);
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
  return cache;
}

let browserCache: EmotionCache | undefined;

/** The app's styles go through its style cache (made once, on first render). */
export function StyleCacheProvider({ children }: { children: ReactNode }) {
  browserCache ??= makeBrowserStyleCache();
  return <CacheProvider value={browserCache}>{children}</CacheProvider>;
}
