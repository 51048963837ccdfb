import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { ProfileSettings } from './profile-settings';
import { SETTINGS_TABS, settingsTabFromState, type SettingsTab } from './settings-tabs';
import { SocialSetupGuidance, SocialSetupGuidanceNote } from './social-setup-guidance';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { RememberedPart } from '../../components/frame-part';
import { PageTitle } from '../../components/page-title';
import { useOpenedInBackground } from '../../lib/use-opened-in-background';
import { useStagedReveal } from '../../lib/use-staged-reveal';
import { useDeviceProfile } from '../profile';
import { Spinner } from '../../components/spinner';

// Profile, the section a visit opens on, comes with the page; each other section is fetched when
// its tab is pointed at, focused or chosen (or named by the link that led here).
const sections: Record<Exclude<SettingsTab, 'profile'>, ReturnType<typeof lazyWithPreload>> = {
  'social-credentials': lazyWithPreload(() =>
    import('./social-credentials-settings').then((m) => ({ default: m.SocialCredentialsSettings })),
  ),
  notifications: lazyWithPreload(() =>
    import('./notification-settings').then((m) => ({ default: m.NotificationSettings })),
  ),
  appearance: lazyWithPreload(() =>
    import('./appearance-settings').then((m) => ({ default: m.AppearanceSettings })),
  ),
  integrations: lazyWithPreload(() =>
    import('./integrations-settings').then((m) => ({ default: m.IntegrationsSettings })),
  ),
  privacy: lazyWithPreload(() =>
    import('./privacy-settings').then((m) => ({ default: m.PrivacySettings })),
  ),
};

function preloadSection(tab: SettingsTab): void {
  if (tab !== 'profile') sections[tab].preload().catch(() => {});
}

function Section({ tab }: { tab: SettingsTab }) {
  if (tab === 'profile') return <ProfileSettings />;
  const { Component } = sections[tab];
  return (
    <Suspense
      fallback={
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <Spinner label="Loading settings" />
        </Box>
      }
    >
      <Component />
    </Suspense>
  );
}

function SettingsHeading() {
  return (
    <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
      Settings
    </Typography>
  );
}

const openNothing = () => {};

/**
 * The settings page's prerendered frame (src/app/prerender.tsx): the heading, and the social setup
 * guidance where this device last showed it (with its button: a cold load opens Profile).
 */
export function SettingsFrame() {
  return (
    <>
      <SettingsHeading />
      <RememberedPart hint="social-setup-guidance">
        <SocialSetupGuidanceNote onOpen={openNothing} />
      </RememberedPart>
    </>
  );
}

export default function SettingsPage() {
  const location = useLocation();
  const requested = settingsTabFromState(location.state);
  // A new navigation (new location key) with a tab in its state wins over the last click.
  const [chosen, setChosen] = useState<{ key: string; tab: SettingsTab } | null>(null);
  const tab = chosen?.key === location.key ? chosen.tab : requested;
  const current = SETTINGS_TABS.find((t) => t.id === tab) ?? SETTINGS_TABS[0];
  // The setup guidance above the sections depends on the profile this device holds: the sections
  // wait for that quick read, so the guidance never pushes them down once they are on screen. The
  // read's arrival is a store update, which React renders in one task: the sections it reveals
  // render in the background instead.
  const profileRead = useOpenedInBackground(useDeviceProfile().status !== 'idle');
  // Then the sections' list and the open section, one commit each (see useStagedReveal).
  const shown = useStagedReveal(2, profileRead);
  // The section a link asks for is fetched beside the profile's read.
  useEffect(() => preloadSection(requested), [requested]);

  return (
    <>
      <PageTitle>Settings</PageTitle>
      <SettingsHeading />
      {!profileRead ? (
        // A loading screen to the prerendered frame, which stays over it until the sections show.
        <Box
          data-loading-screen
          role="status"
          sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}
        >
          <Spinner label="Loading settings" />
        </Box>
      ) : (
        <>
          <SocialSetupGuidance
            onOpen={
              current.id === 'social-credentials'
                ? undefined
                : () => setChosen({ key: location.key, tab: 'social-credentials' })
            }
          />
          {shown >= 1 && (
            <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3 }}>
              <Paper
                variant="outlined"
                sx={{ flexShrink: 0, width: { xs: '100%', md: 240 }, alignSelf: 'flex-start' }}
              >
                {/* Vertical at every width: a scrolling strip on a phone cut labels and hid sections. */}
                <Tabs
                  orientation="vertical"
                  value={tab}
                  onChange={(_event, value: SettingsTab) =>
                    setChosen({ key: location.key, tab: value })
                  }
                  aria-label="Settings sections"
                >
                  {SETTINGS_TABS.map((t) => (
                    <Tab
                      key={t.id}
                      value={t.id}
                      label={t.label}
                      id={`settings-tab-${t.id}`}
                      aria-controls={`settings-panel-${t.id}`}
                      sx={{ alignItems: 'flex-start', maxWidth: 'none', textAlign: 'left' }}
                      onPointerEnter={() => preloadSection(t.id)}
                      onFocus={() => preloadSection(t.id)}
                    />
                  ))}
                </Tabs>
              </Paper>
              <Paper
                variant="outlined"
                role="tabpanel"
                id={`settings-panel-${current.id}`}
                aria-labelledby={`settings-tab-${current.id}`}
                sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}
              >
                <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
                  {current.label}
                </Typography>
                {shown >= 2 && <Section tab={current.id} />}
              </Paper>
            </Box>
          )}
        </>
      )}
    </>
  );
}
