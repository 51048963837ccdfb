import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { StoreGate } from './store-gate';

// Every page is its own chunk: the first visit to / downloads only what / shows.
// index.html holds the landing page prerendered (see vite.config.ts): main.tsx preloads it on / so
// the first render replaces that markup with the same page, never with the loading screen.
const landing = lazyWithPreload(() => import('../features/marketing/landing-page'));
const LandingPage = landing.Component;
export const preloadLandingPage = landing.preload;
const SignUpPage = lazy(() => import('../features/auth/sign-up-page'));
const PrivacyPage = lazy(() => import('../features/marketing/privacy-page'));
const TermsPage = lazy(() => import('../features/marketing/terms-page'));
const ContactPage = lazy(() => import('../features/marketing/contact-page'));
const NotFoundPage = lazy(() => import('../features/marketing/not-found-page'));
const FacebookCallbackPage = lazy(() => import('../features/social/facebook-callback-page'));
const LinkedInCallbackPage = lazy(() => import('../features/social/linkedin-callback-page'));

// The gates read slices only the real store has; they load with it, after the first paint.
const RequireAuth = lazy(() =>
  import('../features/auth/require-auth').then((m) => ({ default: m.RequireAuth })),
);
const RequireOnboarding = lazy(() =>
  import('../features/onboarding/require-onboarding').then((m) => ({
    default: m.RequireOnboarding,
  })),
);
const AppLayout = lazy(() => import('./app-layout'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const CalendarPage = lazy(() => import('../features/calendar/calendar-page'));
const CreatePostPage = lazy(() => import('../features/compose/create-post-page'));
const AnalyticsPage = lazy(() => import('../features/analytics/analytics-page'));
const SettingsPage = lazy(() => import('../features/settings/settings-page'));
const OnboardingPage = lazy(() => import('../features/onboarding/onboarding-page'));
const TeamPage = lazy(() => import('../features/team/team-page'));
const MessagesPage = lazy(() => import('../features/messages/messages-page'));

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen fullPage />}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        {/* Every other page waits for the store; the landing page paints without it. */}
        <Route element={<StoreGate />}>
          <Route path="/signup" element={<SignUpPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/contact" element={<ContactPage />} />
          <Route path="/oauth/facebook" element={<FacebookCallbackPage />} />
          <Route path="/oauth/linkedin" element={<LinkedInCallbackPage />} />
          <Route element={<RequireAuth />}>
            <Route element={<AppLayout />}>
              <Route element={<RequireOnboarding />}>
                <Route path="/dashboard" element={<DashboardPage />} />
                <Route path="/calendar" element={<CalendarPage />} />
                <Route path="/create" element={<CreatePostPage />} />
                <Route path="/analytics" element={<AnalyticsPage />} />
                <Route path="/settings" element={<SettingsPage />} />
                <Route path="/onboarding" element={<OnboardingPage />} />
                <Route path="/team" element={<TeamPage />} />
                <Route path="/messages" element={<MessagesPage />} />
              </Route>
            </Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
