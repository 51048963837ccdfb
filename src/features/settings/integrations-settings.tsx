import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { makeNotice, NoticeSnackbar, type Notice } from '../../components/notice-snackbar';
import { SectionCard } from '../../components/section-card';
import { platformLabels } from '../../lib/platforms';
import { AiAssistantsPanel } from '../ai';
import { selectCurrentUser } from '../auth';
import {
  SOCIAL_PLATFORMS,
  credentialsMessages,
  loadCredentials,
  selectCredential,
  selectCredentialsStatus,
  socialTexts,
  useSocialAccounts,
  useSocialConnect,
  type AccountsByPlatform,
  type SocialAccount,
  type SocialPlatform,
} from '../social';

type IntegrationsTab = 'ai' | 'social';

const COMING_SOON = [platformLabels.twitter, platformLabels.instagram];

export const integrationsTexts = {
  overview: 'Status overview',
  connectedCount: (count: number) => `${count} connected`,
  noAccounts: (platform: SocialPlatform) =>
    platform === 'facebook'
      ? 'No Facebook pages connected yet.'
      : 'No LinkedIn account connected yet.',
  disconnectTitle: (name: string) => `Disconnect ${name}?`,
  reconnectNeeded: 'Reconnect needed',
} as const;

/** The spec's two states: Ready once the platform's credentials are configured. */
function StatusOverview({ accounts }: { accounts: AccountsByPlatform }) {
  const facebook = useAppSelector((s) => selectCredential(s, 'facebook'));
  const linkedin = useAppSelector((s) => selectCredential(s, 'linkedin'));
  const configured: Record<SocialPlatform, boolean> = {
    facebook: facebook?.configured === true,
    linkedin: linkedin?.configured === true,
  };
  return (
    <SectionCard title={integrationsTexts.overview} level={3}>
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {SOCIAL_PLATFORMS.map((platform) => (
          <Stack
            key={platform}
            component="li"
            direction="row"
            sx={{ alignItems: 'center', gap: 1 }}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography>{platformLabels[platform]}</Typography>
              <Typography variant="body2" color="text.secondary">
                {integrationsTexts.connectedCount(accounts[platform].length)}
              </Typography>
            </Box>
            <Chip
              size="small"
              color={configured[platform] ? 'success' : 'warning'}
              label={
                configured[platform] ? credentialsMessages.ready : credentialsMessages.setupRequired
              }
            />
          </Stack>
        ))}
      </Stack>
    </SectionCard>
  );
}

interface ConnectionPanelProps {
  platform: SocialPlatform;
  accounts: SocialAccount[];
  onNotice: (notice: Notice) => void;
  reload: () => Promise<void>;
  disconnect: (account: SocialAccount) => Promise<void>;
}

function ConnectionPanel({
  platform,
  accounts,
  onNotice,
  reload,
  disconnect,
}: ConnectionPanelProps) {
  const texts = socialTexts(platform);
  const { connect, connecting } = useSocialConnect(platform, {
    onNotice: (n) => onNotice(makeNotice(n.severity, n.text)),
    onConnected: reload,
  });
  const [confirming, setConfirming] = useState<SocialAccount | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDisconnect = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      await disconnect(confirming);
      onNotice(makeNotice('success', texts.disconnected));
    } catch {
      onNotice(makeNotice('error', texts.disconnectFailed));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <SectionCard title={texts.name} level={3}>
      {accounts.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {integrationsTexts.noAccounts(platform)}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ mb: 2 }} aria-label={`Connected ${texts.name} accounts`}>
          {accounts.map((account) => (
            <ListItem key={account.id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
              <ListItemText
                primary={account.accountName}
                secondary={
                  account.connectionStatus === 'reconnect_needed'
                    ? (account.connectionError ?? account.category)
                    : account.category
                }
                sx={{ minWidth: 0, flex: '1 1 160px', overflowWrap: 'anywhere' }}
              />
              {account.connectionStatus === 'reconnect_needed' && (
                <Chip size="small" color="warning" label={integrationsTexts.reconnectNeeded} />
              )}
              <Button
                size="small"
                color="error"
                variant="outlined"
                aria-label={`Disconnect ${account.accountName}`}
                onClick={() => setConfirming(account)}
              >
                Disconnect
              </Button>
            </ListItem>
          ))}
        </List>
      )}
      <Button
        variant="contained"
        loading={connecting}
        loadingPosition="start"
        onClick={() => void connect()}
      >
        {`Connect ${texts.name}`}
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        title={integrationsTexts.disconnectTitle(confirming?.accountName ?? texts.name)}
        message={texts.disconnectConfirm}
        confirmLabel="Disconnect"
        destructive
        busy={busy}
        onConfirm={() => void confirmDisconnect()}
        onCancel={() => setConfirming(null)}
      />
    </SectionCard>
  );
}

function SocialPlatformsPanel() {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const credentialsStatus = useAppSelector(selectCredentialsStatus);
  const { accounts, reload, disconnect } = useSocialAccounts(userId);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (userId && credentialsStatus === 'idle') void dispatch(loadCredentials());
  }, [userId, credentialsStatus, dispatch]);

  return (
    <Stack spacing={3}>
      {credentialsStatus === 'failed' && (
        <Typography role="alert" color="error">
          {credentialsMessages.loadFailed}
        </Typography>
      )}
      <StatusOverview accounts={accounts} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {SOCIAL_PLATFORMS.map((platform) => (
          <ConnectionPanel
            key={platform}
            platform={platform}
            accounts={accounts[platform]}
            onNotice={setNotice}
            reload={reload}
            disconnect={disconnect}
          />
        ))}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {COMING_SOON.map((name) => (
          <Card key={name} variant="outlined">
            <CardContent>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
                <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
                  {name}
                </Typography>
                <Chip size="small" label="Coming soon" />
              </Stack>
              <Button variant="outlined" disabled>
                {`Connect ${name}`}
              </Button>
            </CardContent>
          </Card>
        ))}
      </Box>
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}

/** Settings › Integrations: the AI assistants and the social platforms, as two sub-tabs. */
export function IntegrationsSettings() {
  const [tab, setTab] = useState<IntegrationsTab>('ai');
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, value: IntegrationsTab) => setTab(value)}
        aria-label="Integrations"
        // Two tabs side by side, each label wrapping in its half instead of scrolling out of view.
        variant="fullWidth"
        sx={{ mb: 3, maxWidth: { sm: 520 } }}
      >
        <Tab
          value="ai"
          label="AI Assistants"
          id="integrations-tab-ai"
          aria-controls="integrations-panel-ai"
        />
        <Tab
          value="social"
          label="Social Media Platforms"
          id="integrations-tab-social"
          aria-controls="integrations-panel-social"
        />
      </Tabs>
      <Box
        role="tabpanel"
        id={`integrations-panel-${tab}`}
        aria-labelledby={`integrations-tab-${tab}`}
      >
        {tab === 'ai' ? <AiAssistantsPanel /> : <SocialPlatformsPanel />}
      </Box>
    </Box>
  );
}
