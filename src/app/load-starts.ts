// The modules where the app's loads start, as src/app/router.tsx and src/main.tsx import them:
// the build prerenders with them (src/app/prerender.tsx, scripts/vite-prerender.ts) and merges the
// chunks under them (scripts/chunk-merges.ts). Kept free of imports: the build config reads it.
// Source paths from the project's root.

/** The public pages, by path (`*` for the not-found page). Each paints without the store. */
export const PUBLIC_PAGE_MODULES = {
  '/': '/src/features/marketing/landing-page.tsx',
  '/privacy': '/src/features/marketing/privacy-page.tsx',
  '/terms': '/src/features/marketing/terms-page.tsx',
  '/signup': '/src/features/auth/sign-up-page.tsx',
  '/contact': '/src/features/marketing/contact-page.tsx',
  '*': '/src/features/marketing/not-found-page.tsx',
} as const;

/** The signed-in pages, by name. */
export const SIGNED_IN_PAGE_MODULES = {
  dashboard: '/src/features/dashboard/dashboard-page.tsx',
  calendar: '/src/features/calendar/calendar-page.tsx',
  create: '/src/features/compose/create-post-page.tsx',
  analytics: '/src/features/analytics/analytics-page.tsx',
  settings: '/src/features/settings/settings-page.tsx',
  onboarding: '/src/features/onboarding/onboarding-page.tsx',
  team: '/src/features/team/team-page.tsx',
  messages: '/src/features/messages/messages-page.tsx',
} as const;

/** The store, which src/main.tsx starts. */
export const STORE_MODULE = '/src/app/store-instance.ts';

/** The gates and the layout every signed-in page renders in (src/app/router.tsx). */
export const FRAME_MODULES = [
  '/src/features/auth/require-auth.tsx',
  '/src/app/app-layout.tsx',
  '/src/features/onboarding/require-onboarding.tsx',
];

/** The sync and the synced entities, which read this device's rows for the page on screen. */
export const SYNC_MODULES = ['/src/features/sync/sync-modules.ts', '/src/app/sync-entities.ts'];
