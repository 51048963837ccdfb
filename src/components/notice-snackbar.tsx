import { memo, useState } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export interface Notice {
  severity: AlertColor;
  text: string;
  /** Tells two notices with the same text apart, so the second one shows again. */
  id: number;
}

let nextNoticeId = 1;

export function makeNotice(severity: AlertColor, text: string): Notice {
  nextNoticeId += 1;
  return { severity, text, id: nextNoticeId };
}

/** Success notices disappear after 3 s (the spec's timing). */
export const SUCCESS_NOTICE_MS = 3000;
/**
 * A warning (a form check) goes after long enough to read it twice; left up, it goes stale once the
 * form is fixed. Errors stay until dismissed: something went wrong that the user did not cause.
 */
export const WARNING_NOTICE_MS = 6000;

function hideAfter(severity: AlertColor | undefined): number | null {
  if (severity === 'success' || severity === 'info') return SUCCESS_NOTICE_MS;
  return severity === 'warning' ? WARNING_NOTICE_MS : null;
}

/** The app's notice: one message at a time, at the bottom of the screen, in place of browser alerts. */
export const NoticeSnackbar = memo(function NoticeSnackbar({
  notice,
  onClose,
}: {
  notice: Notice | null;
  onClose: () => void;
}) {
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
});
