import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Snackbar, Stack, Typography } from '@mui/material';
import { PasswordField } from '../../components/password-field';
import {
  changePassword,
  changePasswordMessages,
  emptyChangePassword,
  type ChangePasswordValues,
  type PasswordField as Field,
  type PasswordProblem,
} from './change-password';

const FIELDS: { name: Field; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

/** Change password; its submit is the tab's Update Security button. */
export function ChangePasswordSection() {
  const [values, setValues] = useState<ChangePasswordValues>(emptyChangePassword);
  const [problem, setProblem] = useState<PasswordProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setProblem(null);
    const outcome = await changePassword(values);
    setSaving(false);
    setProblem(outcome);
    if (!outcome) {
      setValues(emptyChangePassword);
      setSaved(true);
    }
  };

  return (
    <Box component="section" aria-labelledby="change-password-heading">
      <Typography id="change-password-heading" variant="h6" component="h3" sx={{ mb: 2 }}>
        Change password
      </Typography>
      <Stack component="form" spacing={2} noValidate onSubmit={submit} sx={{ maxWidth: 480 }}>
        {FIELDS.map((field) => (
          <PasswordField
            key={field.name}
            name={field.name}
            label={field.label}
            revealLabel={field.label.toLowerCase()}
            autoComplete={field.autoComplete}
            required
            fullWidth
            value={values[field.name]}
            error={problem?.field === field.name}
            onChange={(event) => {
              setValues((current) => ({ ...current, [field.name]: event.target.value }));
              if (problem?.field === field.name) setProblem(null);
            }}
          />
        ))}
        {problem && (
          <Alert severity="error" role="alert">
            {problem.message}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={saving}>
            Update Security
          </Button>
        </Box>
      </Stack>
      <Snackbar
        open={saved}
        autoHideDuration={4000}
        onClose={() => setSaved(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setSaved(false)}>
          {changePasswordMessages.updated}
        </Alert>
      </Snackbar>
    </Box>
  );
}
