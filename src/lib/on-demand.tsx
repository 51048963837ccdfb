import {
  memo,
  startTransition,
  useEffect,
  useState,
  type ComponentType,
  type NamedExoticComponent,
} from 'react';
import { useHandler } from './use-handler';

/**
 * A module fetched the first time it is needed rather than with the page: a menu's or a dialog's
 * code, say, that most visits never open. `preload` starts the fetch early (on a hover or a
 * focus); a failed fetch is forgotten, so the next need tries again.
 */
export interface OnDemand<T> {
  /** The module, once loaded. */
  current: () => T | undefined;
  load: () => Promise<T>;
  preload: () => void;
}

/** Every part made, for `loadEveryPart`. */
const everyPart = new Set<OnDemand<unknown>>();

/**
 * Loads every part made so far, failed loads included. The unit tests do so before a file's
 * tests, so that what they check does not depend on how fast a fetch ends (on-demand.test.tsx
 * tests the fetching itself).
 */
export function loadEveryPart(): Promise<unknown> {
  return Promise.allSettled([...everyPart].map((part) => part.load()));
}

export function onDemand<T>(fetchModule: () => Promise<T>): OnDemand<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const load = () => {
    if (loaded !== undefined) return Promise.resolve(loaded);
    pending ??= fetchModule().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const part: OnDemand<T> = {
    current: () => loaded,
    load,
    preload: () => {
      load().catch(() => {
        // fetched again when needed, which reports the failure
      });
    },
  };
  everyPart.add(part);
  return part;
}

/**
 * `part`'s module while `wanted`: at once if it is loaded, else once its fetch ends. A fetch that
 * fails calls `onFailed` (the caller stops wanting it, so asking again retries).
 *
 * What a fetched module brings is rendered in a transition: an update from a promise is otherwise
 * rendered in one task, and a part that arrives while the page loads (the analytics' posts table,
 * with its pagination and sort labels) held the main thread for one whole render.
 */
export function useOnDemand<T>(
  part: OnDemand<T>,
  wanted: boolean,
  onFailed: (error: unknown) => void,
): T | undefined {
  const [, setLoaded] = useState<T | undefined>(part.current);
  const failed = useHandler(onFailed);
  useEffect(() => {
    if (!wanted || part.current() !== undefined) return;
    let live = true;
    part.load().then(
      (module) => {
        if (live) startTransition(() => setLoaded(() => module));
      },
      (error: unknown) => {
        if (live) failed(error);
      },
    );
    return () => {
      live = false;
    };
  }, [part, wanted, failed]);
  return wanted ? part.current() : undefined;
}

/**
 * `fetchView`'s component, fetched the first time `isOpen(props)` holds (a dialog's or a notice's
 * look, which most visits never show) and rendered from then on, so it closes with its
 * transition. Nothing shows until it is in; `preload` fetches it sooner. Should the fetch fail,
 * `Failed` shows instead (or nothing), and the next opening tries again.
 */
export function openedOnDemand<P extends object>(
  what: string,
  fetchView: () => Promise<{ default: ComponentType<P> }>,
  isOpen: (props: P) => boolean,
  Failed?: ComponentType<P>,
): NamedExoticComponent<P> & { preload: () => void } {
  const view = onDemand(fetchView);
  function OnDemandView(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    const [failedWhileOpen, setFailedWhileOpen] = useState(false);
    if (open && !opened && !failedWhileOpen) setOpened(true);
    if (!open && failedWhileOpen) setFailedWhileOpen(false);
    const View = useOnDemand(view, opened, (error) => {
      console.error(`${what} could not load`, error);
      setOpened(false);
      setFailedWhileOpen(true);
    })?.default;
    if (View) return <View {...props} />;
    return failedWhileOpen && Failed ? <Failed {...props} /> : null;
  }
  return Object.assign(memo(OnDemandView), { preload: view.preload });
}
