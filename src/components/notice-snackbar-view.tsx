import { useState } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SUCCESS_NOTICE_MS, WARNING_NOTICE_MS, type NoticeSnackbarProps } from './notice-snackbar';

function hideAfter(severity: AlertColor | undefined): number | null {
  if (severity === 'success' || severity === 'info') return SUCCESS_NOTICE_MS;
  return severity === 'warning' ? WARNING_NOTICE_MS : null;
}

/** NoticeSnackbar's look (see notice-snackbar.tsx). */
export default function NoticeSnackbarView({ notice, onClose }: NoticeSnackbarProps) {
  // The last notice stays rendered while the snackbar slides out.
  const [shown, setShown] = useState(notice);
  if (notice && notice !== shown) setShown(notice);
  return (
    <Snackbar
      key={shown?.id}
      open={notice !== null}
      autoHideDuration={hideAfter(shown?.severity)}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={shown?.severity ?? 'info'}
        variant="filled"
        onClose={onClose}
        sx={{ width: '100%' }}
      >
        {shown?.text}
      </Alert>
    </Snackbar>
  );
}
