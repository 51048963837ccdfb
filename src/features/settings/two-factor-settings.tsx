import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { makeNotice, NoticeSnackbar, type Notice } from '../../components/notice-snackbar';
import { AuthenticationCodeField, isCompleteCode, normaliseCode } from '../auth';
import {
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  groupKey,
  loadTwoFactor,
  startEnrolment,
  twoFactorMessages,
  type Enrolment,
} from './two-factor';

type Status = { kind: 'loading' } | { kind: 'off' } | { kind: 'on'; factorId: string };

/** Settings → Privacy: turn TOTP two-factor authentication on and off. */
export function TwoFactorSettings() {
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [loadError, setLoadError] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [starting, setStarting] = useState(false);
  const [confirmingDisable, setConfirmingDisable] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    let live = true;
    void loadTwoFactor().then((outcome) => {
      if (!live) return;
      if (!outcome.ok) {
        setLoadError(outcome.message);
        setStatus({ kind: 'off' });
        return;
      }
      setStatus(outcome.value ? { kind: 'on', factorId: outcome.value.id } : { kind: 'off' });
    });
    return () => {
      live = false;
    };
  }, []);

  async function enable() {
    setStarting(true);
    setLoadError(null);
    const outcome = await startEnrolment();
    setStarting(false);
    if (!outcome.ok) {
      setNotice(makeNotice('error', outcome.message));
      return;
    }
    setEnrolment(outcome.value);
  }

  function enrolmentClosed(verified: boolean) {
    const factorId = enrolment?.factorId;
    setEnrolment(null);
    if (!factorId) return;
    if (verified) {
      setStatus({ kind: 'on', factorId });
      setNotice(makeNotice('success', twoFactorMessages.enabled));
    } else {
      void cancelEnrolment(factorId);
    }
  }

  async function disable() {
    if (status.kind !== 'on') return;
    setDisabling(true);
    const outcome = await disableTwoFactor(status.factorId);
    setDisabling(false);
    setConfirmingDisable(false);
    if (!outcome.ok) {
      setNotice(makeNotice('error', outcome.message));
      return;
    }
    setStatus({ kind: 'off' });
    setNotice(makeNotice('success', twoFactorMessages.disabled));
  }

  return (
    <Box component="section" aria-labelledby="two-factor-heading">
      <Typography id="two-factor-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
        Two-factor authentication
      </Typography>
      {status.kind === 'on' ? (
        <>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Two-factor authentication is on. Signing in asks for a code from your authenticator app
            after your password.
          </Typography>
          <Button variant="outlined" color="error" onClick={() => setConfirmingDisable(true)}>
            Disable 2FA
          </Button>
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Add a second step to signing in: a 6-digit code from an authenticator app on your phone,
            so your password alone is not enough.
          </Typography>
          <Button
            variant="outlined"
            onClick={enable}
            disabled={status.kind === 'loading' || starting}
          >
            Enable 2FA
          </Button>
        </>
      )}
      {/* Not an alert: nothing the user did went wrong, and Enable 2FA still tries again. */}
      {loadError && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {loadError}
        </Typography>
      )}
      {enrolment && (
        <EnrolmentDialog
          enrolment={enrolment}
          onClose={enrolmentClosed}
          onCopied={(ok) =>
            setNotice(
              makeNotice(
                ok ? 'success' : 'warning',
                ok ? twoFactorMessages.keyCopied : twoFactorMessages.copyFailed,
              ),
            )
          }
        />
      )}
      <ConfirmDialog
        open={confirmingDisable}
        title="Disable two-factor authentication?"
        message="Signing in will ask only for your password. You can turn it on again at any time."
        confirmLabel="Disable 2FA"
        destructive
        busy={disabling}
        onConfirm={disable}
        onCancel={() => setConfirmingDisable(false)}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Box>
  );
}

function EnrolmentDialog({
  enrolment,
  onClose,
  onCopied,
}: {
  enrolment: Enrolment;
  onClose: (verified: boolean) => void;
  onCopied: (ok: boolean) => void;
}) {
  const titleId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      onCopied(true);
    } catch {
      onCopied(false);
    }
  }

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const digits = normaliseCode(code);
    if (!isCompleteCode(digits)) {
      setError(twoFactorMessages.incompleteCode);
      return;
    }
    setError(null);
    setBusy(true);
    const outcome = await confirmEnrolment(enrolment.factorId, digits);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      setCode('');
      return;
    }
    onClose(true);
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : () => onClose(false)}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <Box component="form" noValidate onSubmit={verify}>
        <DialogTitle id={titleId}>Enable two-factor authentication</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2">
              1. Scan this QR code with an authenticator app, such as Google Authenticator,
              Microsoft Authenticator or 1Password.
            </Typography>
            <Box
              component="img"
              src={enrolment.qrCode}
              alt="QR code for setting up two-factor authentication"
              sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: 'common.white' }}
            />
            <Typography variant="body2">Or type this setup key into the app:</Typography>
            <TextField
              label="Setup key"
              value={groupKey(enrolment.secret)}
              multiline
              fullWidth
              slotProps={{
                htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton aria-label="Copy setup key" edge="end" onClick={copyKey}>
                        <ContentCopy fontSize="small" />
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Typography variant="body2">2. Enter the 6-digit code the app shows.</Typography>
            <AuthenticationCodeField value={code} onChange={setCode} />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Verify
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
