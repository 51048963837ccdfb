import { useState } from 'react';
import { useLocation } from 'react-router';
import { Box, CircularProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import { AppearanceSettings } from './appearance-settings';
import { IntegrationsSettings } from './integrations-settings';
import { NotificationSettings } from './notification-settings';
import { PrivacySettings } from './privacy-settings';
import { ProfileSettings } from './profile-settings';
import { SETTINGS_TABS, settingsTabFromState, type SettingsTab } from './settings-tabs';
import {
  SocialCredentialsSettings,
  SocialSetupGuidance,
  SocialSetupGuidanceNote,
} from './social-credentials-settings';
import { RememberedPart } from '../../components/frame-part';
import { PageTitle } from '../../components/page-title';
import { useDeviceProfile } from '../profile';

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
  // wait for that quick read, so the guidance never pushes them down once they are on screen.
  const profileRead = useDeviceProfile().status !== 'idle';

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
          <CircularProgress aria-label="Loading settings" />
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
              {current.id === 'profile' && <ProfileSettings />}
              {current.id === 'social-credentials' && <SocialCredentialsSettings />}
              {current.id === 'notifications' && <NotificationSettings />}
              {current.id === 'appearance' && <AppearanceSettings />}
              {current.id === 'integrations' && <IntegrationsSettings />}
              {current.id === 'privacy' && <PrivacySettings />}
            </Paper>
          </Box>
        </>
      )}
    </>
  );
}
