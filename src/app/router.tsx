import { Suspense, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { StoreGate } from './store-gate';

interface RouteHandle {
  /** Fetches the route's chunk; rendering it afterwards does not suspend. */
  preload: () => Promise<void>;
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

// Every page is its own chunk: the first visit to / downloads only what / shows. The gates read
// slices only the real store has; they load with it, after the first paint.
const routes: RouteObject[] = [
  lazyRoute(() => import('../features/marketing/landing-page'), { path: '/' }),
  // Every other page waits for the store; the landing page paints without it.
  {
    element: <StoreGate />,
    children: [
      lazyRoute(() => import('../features/auth/sign-up-page'), { path: '/signup' }),
      lazyRoute(() => import('../features/marketing/privacy-page'), { path: '/privacy' }),
      lazyRoute(() => import('../features/marketing/terms-page'), { path: '/terms' }),
      lazyRoute(() => import('../features/marketing/contact-page'), { path: '/contact' }),
      lazyRoute(() => import('../features/social/facebook-callback-page'), {
        path: '/oauth/facebook',
      }),
      lazyRoute(() => import('../features/social/linkedin-callback-page'), {
        path: '/oauth/linkedin',
      }),
      lazyRoute(
        () => import('../features/auth/require-auth').then((m) => ({ default: m.RequireAuth })),
        {
          children: [
            lazyRoute(() => import('./app-layout'), {
              children: [
                lazyRoute(
                  () =>
                    import('../features/onboarding/require-onboarding').then((m) => ({
                      default: m.RequireOnboarding,
                    })),
                  {
                    children: [
                      lazyRoute(() => import('../features/dashboard/dashboard-page'), {
                        path: '/dashboard',
                      }),
                      lazyRoute(() => import('../features/calendar/calendar-page'), {
                        path: '/calendar',
                      }),
                      lazyRoute(() => import('../features/compose/create-post-page'), {
                        path: '/create',
                      }),
                      lazyRoute(() => import('../features/analytics/analytics-page'), {
                        path: '/analytics',
                      }),
                      lazyRoute(() => import('../features/settings/settings-page'), {
                        path: '/settings',
                      }),
                      lazyRoute(() => import('../features/onboarding/onboarding-page'), {
                        path: '/onboarding',
                      }),
                      lazyRoute(() => import('../features/team/team-page'), { path: '/team' }),
                      lazyRoute(() => import('../features/messages/messages-page'), {
                        path: '/messages',
                      }),
                    ],
                  },
                ),
              ],
            }),
          ],
        },
      ),
      lazyRoute(() => import('../features/marketing/not-found-page'), { path: '*' }),
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
    matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload()),
  );
}

export function AppRoutes() {
  return <Suspense fallback={<LoadingScreen fullPage />}>{useRoutes(routes)}</Suspense>;
}
