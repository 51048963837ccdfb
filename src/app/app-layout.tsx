import { Suspense, useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { AppShell } from '../components/app-shell/app-shell';
import { LoadingScreen } from '../components/loading-screen';
import { makeNotice, NoticeSnackbar, type Notice } from '../components/notice-snackbar';
import { displayName, selectCurrentUser, signOut, userInitial } from '../features/auth';
import { NotificationsBell } from '../features/notifications';
import { selectProfileOf } from '../features/profile';
import { usePublishingPull } from '../features/publishing';
import { SyncIndicator } from '../features/sync';
import { useAppDispatch, useAppSelector } from './hooks';
import { NAV_SECTIONS } from './nav';

/** The signed-in pages' frame: sidebar, top bar and user menu around the routed page. */
export default function AppLayout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  // The name saved in Settings → Profile (this device's copy, so it shows at once offline).
  const profile = useAppSelector((s) => selectProfileOf(s, user?.id));
  const [signOutError, setSignOutError] = useState<Notice | null>(null);
  // Shows a post going out without a reload.
  usePublishingPull();
  // The same elements from one render to the next: the user and their profile, read as the app
  // opens, render the shell again, not the page, the sync indicator or the notifications.
  const status = useMemo(() => <SyncIndicator />, []);
  const notifications = useMemo(() => <NotificationsBell />, []);
  const page = useMemo(
    () => (
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    ),
    [],
  );

  const handleSignOut = () => {
    dispatch(signOut())
      .unwrap()
      .catch((rejection: unknown) =>
        setSignOutError(
          makeNotice('error', typeof rejection === 'string' ? rejection : 'Sign out failed'),
        ),
      );
  };

  return (
    <AppShell
      sections={NAV_SECTIONS}
      homePath="/dashboard"
      user={{
        name: displayName(user, profile),
        email: user?.email ?? '',
        initial: userInitial(user, profile),
      }}
      onProfileSettings={() => navigate('/settings', { state: { tab: 'profile' } })}
      onAccountSettings={() => navigate('/settings')}
      onSignOut={handleSignOut}
      status={status}
      notifications={notifications}
    >
      {page}
      <NoticeSnackbar notice={signOutError} onClose={() => setSignOutError(null)} />
    </AppShell>
  );
}
