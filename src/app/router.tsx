import { Suspense, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { StoreGate } from './store-gate';

interface RouteHandle {
  /** Fetches the route's chunk; rendering it afterwards does not suspend. */
  preload?: () => Promise<void>;
  /** The routes below wait for the real store (StoreGate). */
  needsStore?: boolean;
}

/** A route whose element is its own chunk, loaded on first render or earlier by `preloadRoute`. */
function lazyRoute(
  load: () => Promise<{ default: ComponentType }>,
  route: Pick<RouteObject, 'path' | 'children'> = {},
): RouteObject {
  const { Component, preload } = lazyWithPreload(load);
  const handle: RouteHandle = { preload };
  return { ...route, element: <Component />, handle };
}

// The signed-in app's pages: behind the sign-in and onboarding gates, inside the app layout.
const appPages: Array<[path: string, load: () => Promise<{ default: ComponentType }>]> = [
  ['/dashboard', () => import('../features/dashboard/dashboard-page')],
  ['/calendar', () => import('../features/calendar/calendar-page')],
  ['/create', () => import('../features/compose/create-post-page')],
  ['/analytics', () => import('../features/analytics/analytics-page')],
  ['/settings', () => import('../features/settings/settings-page')],
  ['/onboarding', () => import('../features/onboarding/onboarding-page')],
  ['/team', () => import('../features/team/team-page')],
  ['/messages', () => import('../features/messages/messages-page')],
];

// The gates read slices only the real store has; they load with it, after the first paint.
const requireAuth = () =>
  import('../features/auth/require-auth').then((m) => ({ default: m.RequireAuth }));
const requireOnboarding = () =>
  import('../features/onboarding/require-onboarding').then((m) => ({
    default: m.RequireOnboarding,
  }));

// Every page is its own chunk: the first visit to / downloads only what / shows.
const routes: RouteObject[] = [
  // The public pages paint without the store: they read only what the boot store holds (who may
  // be signed in, the theme), so a visitor's first download stays that of the landing page.
  lazyRoute(() => import('../features/marketing/landing-page'), { path: '/' }),
  lazyRoute(() => import('../features/marketing/privacy-page'), { path: '/privacy' }),
  lazyRoute(() => import('../features/marketing/terms-page'), { path: '/terms' }),
  lazyRoute(() => import('../features/marketing/contact-page'), { path: '/contact' }),
  // Sign-up paints before the store too; its form fetches the store when it is on screen.
  lazyRoute(() => import('../features/auth/sign-up-page'), { path: '/signup' }),
  lazyRoute(() => import('../features/marketing/not-found-page'), { path: '*' }),
  // Every other page waits for the store.
  {
    element: <StoreGate />,
    handle: { needsStore: true } satisfies RouteHandle,
    children: [
      lazyRoute(() => import('../features/social/facebook-callback-page'), {
        path: '/oauth/facebook',
      }),
      lazyRoute(() => import('../features/social/linkedin-callback-page'), {
        path: '/oauth/linkedin',
      }),
      lazyRoute(requireAuth, {
        children: [
          lazyRoute(() => import('./app-layout'), {
            children: [
              lazyRoute(requireOnboarding, {
                children: appPages.map(([path, load]) => lazyRoute(load, { path })),
              }),
            ],
          }),
        ],
      }),
    ],
  },
];

/**
 * Fetches, side by side, every chunk the page at `pathname` renders (its gates, the layout and the
 * page), which rendering would otherwise request one after another. Resolves once all are in; a
 * chunk that fails is left for the route to report when it renders.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload?.()),
  );
}

/** Every path a route has a page at (not the not-found route's `*`): src/app/route-paths.ts's list. */
export function routedPaths(from: RouteObject[] = routes): string[] {
  return from.flatMap((route) => [
    ...(route.path && route.path !== '*' ? [route.path] : []),
    ...routedPaths(route.children ?? []),
  ]);
}

/** Whether the page at `pathname` waits for the store (StoreGate) before it renders. */
export function routeNeedsStore(pathname: string): boolean {
  return (matchRoutes(routes, pathname) ?? []).some(
    (match) => (match.route.handle as RouteHandle | undefined)?.needsStore === true,
  );
}

export function AppRoutes() {
  return <Suspense fallback={<LoadingScreen fullPage />}>{useRoutes(routes)}</Suspense>;
}
