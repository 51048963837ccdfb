import { Link as RouterLink } from 'react-router';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AnalyticsFormat } from './analytics-format';
import { analyticsTexts } from './analytics-texts';
import type { AccountStatus } from './types';

/** Settings picks its tab from the navigation's state; the query keeps the address shareable. */
const INTEGRATIONS = { to: '/settings?tab=integrations', state: { tab: 'integrations' } } as const;

/** Shown while the page's figures are the spec's sample rather than the user's own. */
export function SampleNotice() {
  return (
    <Alert
      severity="info"
      icon={false}
      sx={{
        '& .MuiAlert-message': { display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' },
      }}
    >
      <Chip size="small" color="info" variant="outlined" label={analyticsTexts.sample} />
      <span>{analyticsTexts.samplePrompt}</span>
      <Link component={RouterLink} to={INTEGRATIONS.to} state={INTEGRATIONS.state}>
        {analyticsTexts.connect}
      </Link>
    </Alert>
  );
}

/** When the numbers were collected, and that they are not fresh while offline. */
export function CollectedLine({
  collectedAt,
  online,
  fmt,
}: {
  collectedAt: string | null;
  online: boolean;
  fmt: AnalyticsFormat;
}) {
  return (
    <Typography variant="body2" color="text.secondary">
      {collectedAt
        ? analyticsTexts.collectedAt(fmt.dateTime(collectedAt))
        : analyticsTexts.neverCollected}
      {!online && ` ${analyticsTexts.offline}`}
    </Typography>
  );
}

function severityOf(status: string): AlertColor {
  if (status === 'reconnect_needed') return 'error';
  if (status === 'rate_limited' || status === 'error') return 'warning';
  return 'info';
}

/** One note per account whose numbers are missing, partial, late or need a reconnect. */
export function AccountNotes({
  accounts,
  fmt,
}: {
  accounts: AccountStatus[];
  fmt: AnalyticsFormat;
}) {
  const notes = accounts.filter((a) => a.message);
  if (notes.length === 0) return null;
  return (
    <Stack spacing={1}>
      {notes.map((account) => (
        <Alert
          key={account.id}
          severity={severityOf(account.status)}
          action={
            account.status === 'reconnect_needed' ? (
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to={INTEGRATIONS.to}
                state={INTEGRATIONS.state}
              >
                {analyticsTexts.reconnect}
              </Button>
            ) : undefined
          }
        >
          <AlertTitle>{`${account.accountName} (${fmt.platform(account.platform)})`}</AlertTitle>
          {account.message}
        </Alert>
      ))}
    </Stack>
  );
}
