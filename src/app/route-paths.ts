// Every path the router (src/app/router.tsx) has a page for. Any other path is the not-found
// page: the app server answers it with 404.html and status 404, and that file's inline script
// and src/main.tsx tell from this list whether its prerendered markup is the page to show.
// Kept free of imports: the app server and the build read it too.

/** The paths with a page, without a trailing slash. router.test.tsx checks it against the routes. */
export const ROUTE_PATHS: readonly string[] = [
  '/',
  '/privacy',
  '/terms',
  '/contact',
  '/signup',
  '/oauth/facebook',
  '/oauth/linkedin',
  '/dashboard',
  '/calendar',
  '/create',
  '/analytics',
  '/settings',
  '/onboarding',
  '/team',
  '/messages',
];

/** Whether a route has a page at `pathname`; false means the not-found page. As the router
 * matches: a trailing slash and letter case make no difference. */
export function isRoutePath(pathname: string): boolean {
  return ROUTE_PATHS.includes(pathname.replace(/\/+$/, '').toLowerCase() || '/');
}
