import { isAnyOf, type Dispatch } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/store-types';
import { appStarted } from '../../lib/app-lifecycle';
import type { AppDb } from '../../lib/db';
import type { SyncEngine, SyncEngineOptions } from '../../lib/sync/engine';
import type { SyncRegistry } from '../../lib/sync/entities';
import { outboxWritten, syncRowsChanged } from '../../lib/sync/events';
import type { SyncTransport } from '../../lib/sync/transport';
import { selectAuthStatus, selectCurrentUser } from '../auth';
import {
  connectivityChanged,
  localDataReady,
  syncDiscardRequested,
  syncRetryRequested,
  syncStatusChanged,
  windowFocused,
  pullRequested,
  type SyncState,
} from './sync-slice';

// Dexie, the engine and supabase-js load after first paint: the public pages never need them.
const loadSyncModules = () => import('./sync-modules');

/** What the listeners build engines from; tests swap the transport and the engine's timing. */
export interface SyncRuntime {
  /** The local database; null uses the app's own. */
  db: (() => AppDb) | null;
  /** null talks to the configured Supabase API. */
  createTransport: ((userId: string) => Promise<SyncTransport>) | null;
  engineOptions: Partial<
    Omit<SyncEngineOptions, 'db' | 'transport' | 'userId' | 'registry' | 'onChange' | 'onStatus'>
  >;
  /** Browser events to follow; null in tests that dispatch the events themselves. */
  window: Pick<Window, 'addEventListener'> | null;
}

const defaultRuntime = (): SyncRuntime => ({
  db: null,
  createTransport: null,
  engineOptions: {},
  window: typeof window === 'undefined' ? null : window,
});

let runtime: SyncRuntime = defaultRuntime();

/** Replaces parts of the runtime (tests); undefined restores the defaults. */
export function setSyncRuntime(overrides: Partial<SyncRuntime> | undefined): void {
  runtime = { ...defaultRuntime(), ...overrides };
}

type State = Record<string, unknown> & { sync: SyncState };
type Api = Parameters<Parameters<AppStartListening>[0]['effect']>[1];

/** True once every persisted slice has rehydrated (redux-persist marks them with `_persist`). */
export function selectRehydrated(state: unknown): boolean {
  const slices = Object.values(state as Record<string, unknown>);
  let persisted = 0;
  for (const slice of slices) {
    const marker = (slice as { _persist?: { rehydrated?: boolean } } | null)?._persist;
    if (!marker) continue;
    persisted += 1;
    if (!marker.rehydrated) return false;
  }
  return persisted > 0;
}

/** Who the sync should run for: a user once rehydrated and signed in, null when signed out. */
function syncTarget(state: Parameters<typeof selectAuthStatus>[0]): {
  settled: boolean;
  userId: string | null;
} {
  const status = selectAuthStatus(state);
  if (!selectRehydrated(state) || status === 'loading') return { settled: false, userId: null };
  return {
    settled: true,
    userId: status === 'signedIn' ? (selectCurrentUser(state)?.id ?? null) : null,
  };
}

function targetKey(state: Parameters<typeof selectAuthStatus>[0]): string {
  const t = syncTarget(state);
  return `${t.settled}|${t.userId ?? ''}`;
}

/** Per store (tests build many): the engine of the signed-in user and the queue of changes. */
interface Controller {
  userId: string | null;
  engine: SyncEngine | null;
  queue: Promise<void>;
  ready: boolean;
}

const controllers = new WeakMap<object, Controller>();

function controllerOf(api: Api): Controller {
  let c = controllers.get(api.getState);
  if (!c) {
    c = { userId: null, engine: null, queue: Promise.resolve(), ready: false };
    controllers.set(api.getState, c);
  }
  return c;
}

function markReady(api: Api, c: Controller): void {
  if (c.ready) return;
  c.ready = true;
  api.dispatch(localDataReady());
  // Read by tests and benchmarks: the store has rehydrated and local data is loaded.
  if (typeof document !== 'undefined') document.documentElement.dataset.storeReady = 'true';
}

/** Reads a feature's rows of one user from this device into its slice. */
export type LocalReader = (
  userId: string,
  db: AppDb,
) => (dispatch: Dispatch, getState: () => unknown) => Promise<unknown>;

/** The features' synced entities and their readers, which the app composes (a feature cannot). */
export interface SyncSetup {
  syncEntities: SyncRegistry;
  /** Run when the user changes, before the engine starts: the screens show local rows at once. */
  localReaders: readonly LocalReader[];
}

export interface SyncListenerOptions {
  /** Loaded with the engine, after the first paint. */
  loadSetup: () => Promise<SyncSetup>;
}

function reconcile(api: Api, options: SyncListenerOptions): Promise<void> {
  const c = controllerOf(api);
  c.queue = c.queue
    .then(async () => {
      const { settled, userId } = syncTarget(api.getState());
      if (!settled) return;
      const [modules, setup] = await Promise.all([loadSyncModules(), options.loadSetup()]);
      const db = runtime.db ? runtime.db() : modules.getAppDb();
      if (c.userId === userId && (c.engine !== null || userId === null)) {
        markReady(api, c);
        return;
      }
      if (c.engine) {
        const old = c.engine;
        c.engine = null;
        await old.stop();
      }
      if (c.userId !== userId) {
        c.userId = userId;
        if (userId) for (const read of setup.localReaders) await api.dispatch(read(userId, db));
      }
      markReady(api, c);
      if (!userId) return;
      let transport: SyncTransport;
      try {
        transport = runtime.createTransport
          ? await runtime.createTransport(userId)
          : await modules.createSupabaseTransport(await modules.getSupabase(), userId);
      } catch {
        // No server settings yet (first start offline): local work goes on; retried when online.
        return;
      }
      if (syncTarget(api.getState()).userId !== userId) return;
      const engine = new modules.SyncEngine({
        ...runtime.engineOptions,
        db,
        transport,
        userId,
        registry: setup.syncEntities,
        online: (api.getState() as unknown as State).sync.online,
        onChange: (change) => api.dispatch(syncRowsChanged(change)),
        onStatus: (status) => api.dispatch(syncStatusChanged(status)),
      });
      c.engine = engine;
      engine.start();
    })
    .catch((error: unknown) => {
      console.error('sync could not start:', error instanceof Error ? error.message : error);
    });
  return c.queue;
}

/** The offline-first sync: starts after rehydration for the signed-in user and follows the browser. */
export function addSyncListeners(
  startAppListening: AppStartListening,
  options: SyncListenerOptions,
): () => void {
  const unsubscribers = [
    startAppListening({
      actionCreator: appStarted,
      effect: async (_action, api) => {
        const win = runtime.window;
        if (win) {
          const online = () => api.dispatch(connectivityChanged({ online: true }));
          const offline = () => api.dispatch(connectivityChanged({ online: false }));
          win.addEventListener('online', online);
          win.addEventListener('offline', offline);
          win.addEventListener('focus', () => api.dispatch(windowFocused()));
          if (typeof document !== 'undefined') {
            document.addEventListener('visibilitychange', () => {
              if (document.visibilityState === 'visible') api.dispatch(windowFocused());
            });
          }
          if (typeof navigator !== 'undefined' && navigator.onLine === false) offline();
        }
        await reconcile(api, options);
      },
    }),
    startAppListening({
      predicate: (_action, current, previous) => targetKey(current) !== targetKey(previous),
      effect: async (_action, api) => {
        await reconcile(api, options);
      },
    }),
    startAppListening({
      actionCreator: outboxWritten,
      effect: (_action, api) => {
        controllerOf(api).engine?.notifyLocalWrite();
      },
    }),
    startAppListening({
      actionCreator: connectivityChanged,
      effect: async (action, api) => {
        const c = controllerOf(api);
        if (c.engine) c.engine.setOnline(action.payload.online);
        else if (action.payload.online && c.userId) await reconcile(api, options);
      },
    }),
    startAppListening({
      matcher: isAnyOf(windowFocused, pullRequested),
      effect: (_action, api) => {
        controllerOf(api).engine?.requestPull();
      },
    }),
    startAppListening({
      actionCreator: syncRetryRequested,
      effect: async (action, api) => {
        await controllerOf(api).engine?.retry(action.payload.seqs);
      },
    }),
    startAppListening({
      actionCreator: syncDiscardRequested,
      effect: async (action, api) => {
        await controllerOf(api).engine?.discard(action.payload.seqs);
      },
    }),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

/** Stops the engine a store runs (tests end with it, so no loop outlives its store). */
export async function stopSync(getState: object): Promise<void> {
  const c = controllers.get(getState);
  if (!c) return;
  await c.queue;
  await c.engine?.stop();
  c.engine = null;
}
