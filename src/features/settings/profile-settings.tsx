import type { FormEvent, SyntheticEvent } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Snackbar,
  Stack,
  Typography,
  type SnackbarCloseReason,
} from '@mui/material';
import { OutlinedField } from '../../components/outlined-field';
import { PROFILE_NOTICE_MS, PROFILE_TEXTS, type ProfileFormField } from '../profile';
import { useProfileSettings } from './use-profile-settings';
import { Spinner } from '../../components/spinner';

const FIELDS: { field: ProfileFormField; label: string; autoComplete: string }[] = [
  { field: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { field: 'email', label: 'Email', autoComplete: 'email' },
  { field: 'company', label: 'Company', autoComplete: 'organization' },
];

/** Settings → Profile (§2): names, email, company and bio, saved on this device and synced. */
export function ProfileSettings() {
  const p = useProfileSettings();

  if (p.status === 'failed') return <Alert severity="error">{PROFILE_TEXTS.loadFailed}</Alert>;
  if (p.status === 'idle') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
        <Spinner size={24} label="Loading profile" />
        <Typography color="text.secondary">Loading profile…</Typography>
      </Box>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (p.dirty && !p.saving) void p.save();
  };
  const closeNotice = (_event: SyntheticEvent | Event, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') p.closeNotice();
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 720 }}>
      <Stack spacing={2}>
        {p.refused && (
          <Alert severity="error">
            <AlertTitle>{PROFILE_TEXTS.updateFailed}</AlertTitle>
            {p.refused.error.message
              ? `The server refused the saved profile: ${p.refused.error.message}`
              : null}
          </Alert>
        )}
        {p.error && <Alert severity="error">{p.error}</Alert>}
        {p.emailNote && (
          <Alert severity={p.emailNote.severity} onClose={p.closeEmailNote}>
            {p.emailNote.text}
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {FIELDS.map(({ field, label, autoComplete }) => (
            <OutlinedField
              key={field}
              id={`profile-${field}`}
              label={label}
              type={field === 'email' ? 'email' : 'text'}
              autoComplete={autoComplete}
              value={p.form[field]}
              onChange={(e) => p.edit(field, e.target.value)}
              helperText={
                field === 'email' ? 'A new address is confirmed by a link sent to it.' : undefined
              }
              fullWidth
            />
          ))}
        </Box>
        <OutlinedField
          id="profile-bio"
          label="Bio"
          value={p.form.bio}
          onChange={(e) => p.edit('bio', e.target.value)}
          multiline
          minRows={4}
          fullWidth
        />
        {/* Stacked on a phone (Save on top), side by side from the small breakpoint up. */}
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={2}
          useFlexGap
          sx={{ justifyContent: 'flex-end' }}
        >
          <Button variant="outlined" disabled={!p.dirty || p.saving} onClick={p.cancel}>
            Cancel Changes
          </Button>
          <Button type="submit" variant="contained" disabled={!p.dirty || p.saving}>
            Save Changes
          </Button>
        </Stack>
      </Stack>
      <Snackbar
        open={p.noticeOpen}
        autoHideDuration={PROFILE_NOTICE_MS}
        onClose={closeNotice}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={p.closeNotice}>
          {PROFILE_TEXTS.updated}
        </Alert>
      </Snackbar>
    </Box>
  );
}
