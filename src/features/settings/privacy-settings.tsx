import { Divider, Stack } from '@mui/material';
import { ChangePasswordSection } from './change-password-section';
import { DeleteAccountSection } from './delete-account-section';
import { ExportDataSection } from './export-data-section';
import { TwoFactorSettings } from './two-factor-settings';

/** Settings → Privacy: password, two-factor, export and account deletion. */
export function PrivacySettings() {
  return (
    <Stack spacing={4} divider={<Divider flexItem />}>
      <ChangePasswordSection />
      <TwoFactorSettings />
      <ExportDataSection />
      <DeleteAccountSection />
    </Stack>
  );
}
