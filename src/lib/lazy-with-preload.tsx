import { lazy, type ComponentType } from 'react';

/**
 * React.lazy, plus `preload()`: once the module is in, the page renders at once instead of
 * suspending for a turn. The router preloads a route's chunks side by side (preloadRoute), and
 * main.tsx waits for them on / so the first render of the prerendered page is the page itself, not
 * the loading fallback in between.
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): { Component: ComponentType<P>; preload: () => Promise<void>; isLoaded: () => boolean } {
  let loaded: ComponentType<P> | undefined;
  const remember = async () => {
    const module = await load();
    loaded = module.default;
    return module;
  };
  const Lazy = lazy(remember);
  function Component(props: P) {
    const Page = loaded ?? Lazy;
    return <Page {...props} />;
  }
  return {
    Component,
    preload: async () => {
      await remember();
    },
    /** Whether the module is in: rendering does not suspend. */
    isLoaded: () => loaded !== undefined,
  };
}
