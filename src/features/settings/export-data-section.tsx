import { useState } from 'react';
import { Alert, Box, Button, Snackbar, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../auth';
import { downloadJson, exportAccountData, exportFileName, exportMessages } from './account-export';

type Notice = { severity: 'success' | 'warning' | 'error'; text: string };

/** Export Data: a JSON file of everything the user has, on the server and on this device. */
export function ExportDataSection() {
  const user = useAppSelector(selectCurrentUser);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const run = async () => {
    if (!user || busy) return;
    setBusy(true);
    setNotice(null);
    const outcome = await exportAccountData({ id: user.id, email: user.email ?? null });
    setBusy(false);
    if (outcome.kind === 'failed') {
      setNotice({ severity: 'error', text: exportMessages.failed });
      return;
    }
    downloadJson(outcome.data, exportFileName());
    setNotice(
      outcome.kind === 'offline'
        ? { severity: 'warning', text: exportMessages.offline }
        : { severity: 'success', text: exportMessages.exported },
    );
  };

  return (
    <Box component="section" aria-labelledby="export-data-heading">
      <Typography id="export-data-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
        Export Data
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Download a copy of your profile, onboarding answers, drafts, AI generated posts, preferences
        and connected accounts as a JSON file.
      </Typography>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={run}
        disabled={!user || busy}
      >
        Export Data
      </Button>
      {notice?.severity === 'error' && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {notice.text}
        </Alert>
      )}
      <Snackbar
        open={notice !== null && notice.severity !== 'error'}
        autoHideDuration={notice?.severity === 'warning' ? 8000 : 4000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={notice?.severity === 'warning' ? 'warning' : 'success'}
          variant="filled"
          onClose={() => setNotice(null)}
        >
          {notice?.text}
        </Alert>
      </Snackbar>
    </Box>
  );
}
