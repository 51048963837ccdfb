import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { makeNotice, NoticeSnackbar, type Notice } from '../../components/notice-snackbar';
import { PasswordField } from '../../components/password-field';
import { SectionCard } from '../../components/section-card';
import { useFormatters } from '../appearance';
import { selectCurrentUser } from '../auth';
import {
  CREDENTIAL_LABELS,
  SOCIAL_PLATFORMS,
  credentialsMessages,
  deleteCredentials,
  loadCredentials,
  saveCredentials,
  selectCredential,
  selectCredentialsStatus,
  socialTexts,
  type SocialCredential,
  type SocialPlatform,
} from '../social';
import { selectSyncOnline } from '../sync';
import { Spinner } from '../../components/spinner';

export const credentialsFormTexts = {
  offline: 'Saving credentials needs a connection. Try again once you are online.',
  secretSaved: (label: string) =>
    `Your ${label} is saved and never shown. Type a new one to replace it.`,
  validationPending: 'Validation pending',
  linkedinPending:
    'Validation pending: LinkedIn checks these credentials when you connect an account.',
  valid: (when: string) => (when ? `Valid · last checked ${when}` : 'Valid'),
  invalid: (reason: string) => `Invalid: ${reason}`,
  deleteTitle: (name: string) => `Delete ${name} credentials?`,
  deleteConfirm: (name: string) =>
    `Are you sure you want to delete your ${name} credentials? Connecting ${name} needs them.`,
  retry: 'Try Again',
} as const;

const INSTRUCTIONS: Record<SocialPlatform, string> = {
  facebook:
    'Create an app at developers.facebook.com with Facebook Login, copy its App ID and App Secret here, and add this address to its Valid OAuth Redirect URIs:',
  linkedin:
    'Create an app at linkedin.com/developers with Sign In with LinkedIn using OpenID Connect and Share on LinkedIn, copy its Client ID and Client Secret here, and add this address to its Authorized redirect URLs:',
};

function ValidationStatus({ credential }: { credential: SocialCredential }) {
  const { formatDateTime } = useFormatters();
  if (credential.validationStatus === 'valid') {
    const when = credential.lastValidatedAt ? formatDateTime(credential.lastValidatedAt) : '';
    return (
      <Alert severity="success" role="status">
        {credentialsFormTexts.valid(when)}
      </Alert>
    );
  }
  if (credential.validationStatus === 'invalid') {
    return (
      <Alert severity="error" role="status">
        {credentialsFormTexts.invalid(credential.validationError ?? credentialsMessages.unknown)}
      </Alert>
    );
  }
  return (
    <Alert severity="info" role="status">
      {credential.platform === 'linkedin'
        ? credentialsFormTexts.linkedinPending
        : credentialsFormTexts.validationPending}
    </Alert>
  );
}

interface CredentialFormProps {
  platform: SocialPlatform;
  online: boolean;
  onNotice: (notice: Notice) => void;
}

/** One platform's form. The secret lives in this component's state only, until it is sent. */
function CredentialForm({ platform, online, onNotice }: CredentialFormProps) {
  const dispatch = useAppDispatch();
  const credential = useAppSelector((s) => selectCredential(s, platform));
  const texts = socialTexts(platform);
  const labels = CREDENTIAL_LABELS[platform];
  const [appIdEdit, setAppIdEdit] = useState<string | null>(null);
  const [secret, setSecret] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const appId = appIdEdit ?? credential?.appId ?? '';
  const configured = credential?.configured === true;
  const redirectUri = `${window.location.origin}/oauth/${platform}`;
  const idField = `${platform}-credential-id`;
  const secretField = `${platform}-credential-secret`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !online) return;
    setSaving(true);
    const outcome = await dispatch(saveCredentials(platform, appId, secret));
    setSaving(false);
    if (outcome.ok) {
      setSecret('');
      setAppIdEdit(null);
      setFormError(null);
      onNotice(makeNotice('success', texts.saved));
    } else if (outcome.message === texts.fillIn) {
      setFormError(outcome.message);
    } else {
      setFormError(null);
      onNotice(
        makeNotice(
          'error',
          outcome.detail ? `${outcome.message}: ${outcome.detail}` : outcome.message,
        ),
      );
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await dispatch(deleteCredentials(platform)).unwrap();
      setConfirmOpen(false);
      setAppIdEdit(null);
      setSecret('');
      setFormError(null);
      onNotice(makeNotice('success', texts.deleted));
    } catch {
      setConfirmOpen(false);
      onNotice(makeNotice('error', credentialsMessages.deleteFailed));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <SectionCard
      title={texts.name}
      level={3}
      action={
        <Chip
          size="small"
          color={configured ? 'success' : 'default'}
          label={configured ? credentialsMessages.configured : credentialsMessages.notConfigured}
        />
      }
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => void submit(event)}
        aria-label={`${texts.name} credentials`}
      >
        <Stack spacing={2}>
          {formError && (
            <Alert severity="warning" onClose={() => setFormError(null)}>
              {formError}
            </Alert>
          )}
          <TextField
            id={idField}
            label={labels.id}
            value={appId}
            onChange={(event) => {
              setAppIdEdit(event.target.value);
              setFormError(null);
            }}
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false } }}
            fullWidth
          />
          <PasswordField
            id={secretField}
            label={labels.secret}
            revealLabel={labels.secret}
            value={secret}
            onChange={(event) => {
              setSecret(event.target.value);
              setFormError(null);
            }}
            autoComplete="off"
            helperText={configured ? credentialsFormTexts.secretSaved(labels.secret) : undefined}
            fullWidth
          />
          {credential && <ValidationStatus credential={credential} />}
          <Alert severity="info" icon={false} role="note">
            <Typography variant="body2">{INSTRUCTIONS[platform]}</Typography>
            <Box
              component="code"
              sx={{ display: 'block', mt: 1, overflowWrap: 'anywhere', fontWeight: 600 }}
            >
              {redirectUri}
            </Box>
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
            <Button type="submit" variant="contained" loading={saving} disabled={!online}>
              Save
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={!credential || !online || saving}
              onClick={() => setConfirmOpen(true)}
            >
              Delete
            </Button>
          </Stack>
        </Stack>
      </Box>
      <ConfirmDialog
        open={confirmOpen}
        title={credentialsFormTexts.deleteTitle(texts.name)}
        message={credentialsFormTexts.deleteConfirm(texts.name)}
        confirmLabel="Delete"
        destructive
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmOpen(false)}
      />
    </SectionCard>
  );
}

function routeNotice(state: unknown): string | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : null;
}

/** Settings › Social Credentials (§2): the Facebook and LinkedIn app credentials. */
export function SocialCredentialsSettings() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const user = useAppSelector(selectCurrentUser);
  const status = useAppSelector(selectCredentialsStatus);
  const online = useAppSelector(selectSyncOnline);
  const [notice, setNotice] = useState<Notice | null>(null);
  // A connect attempt without credentials sends the user here with its message.
  const [closedNoticeKey, setClosedNoticeKey] = useState<string | null>(null);
  const arrivalNotice = closedNoticeKey === location.key ? null : routeNotice(location.state);

  useEffect(() => {
    if (user && status === 'idle') void dispatch(loadCredentials());
  }, [user, status, dispatch]);

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      {arrivalNotice && (
        <Alert severity="warning" onClose={() => setClosedNoticeKey(location.key)}>
          {arrivalNotice}
        </Alert>
      )}
      {status === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void dispatch(loadCredentials())}>
              {credentialsFormTexts.retry}
            </Button>
          }
        >
          {credentialsMessages.loadFailed}
        </Alert>
      )}
      {!online && <Alert severity="warning">{credentialsFormTexts.offline}</Alert>}
      {status === 'loading' || status === 'idle' ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
          <Spinner size={24} label="Loading credentials" />
          <Typography color="text.secondary">Loading credentials…</Typography>
        </Box>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {SOCIAL_PLATFORMS.map((platform) => (
            <CredentialForm
              key={platform}
              platform={platform}
              online={online}
              onNotice={setNotice}
            />
          ))}
        </Box>
      )}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
