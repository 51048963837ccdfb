import type { AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { openedOnDemand } from '../lib/on-demand';

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

export interface NoticeSnackbarProps {
  notice: Notice | null;
  onClose: () => void;
}

/** Shown should the snackbar's look fail to load: the notice as plain text, until closed. */
function PlainNotice({ notice, onClose }: NoticeSnackbarProps) {
  if (!notice) return null;
  return (
    <Box
      role="alert"
      sx={{
        position: 'fixed',
        bottom: 16,
        left: 16,
        right: 16,
        zIndex: 'snackbar',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1.5,
        borderRadius: 1,
        bgcolor: `${notice.severity}.main`,
        color: 'common.white',
      }}
    >
      <Box sx={{ flexGrow: 1 }}>{notice.text}</Box>
      <Button color="inherit" size="small" onClick={onClose}>
        Close
      </Button>
    </Box>
  );
}

/**
 * The app's notice: one message at a time, at the bottom of the screen, in place of browser
 * alerts. Its look (MUI's Snackbar and Alert) is fetched the first time a notice shows.
 */
export const NoticeSnackbar = openedOnDemand<NoticeSnackbarProps>(
  'The notice',
  () => import('./notice-snackbar-view'),
  (props) => props.notice !== null,
  PlainNotice,
);
