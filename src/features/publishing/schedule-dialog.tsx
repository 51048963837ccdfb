import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { DraftPlatform, PublishMode } from '../../lib/db';
import { dateInZone, instantToWallTime } from '../../lib/intl/zoned-time';
import { zoneCity } from '../../lib/intl/time-zones';
import { useFormatters } from '../appearance';
import { PublishTimeFields } from './publish-time-fields';
import { useOptimalTime } from './use-optimal-time';
import { useScheduleFlow } from './use-schedule-flow';

const TITLE = 'Schedule post';

export interface SchedulePostSource {
  content: string;
  platforms: DraftPlatform[];
  draftId?: string | null;
  aiPostId?: string | null;
  /** A time already planned for it (a draft's date, an AI post's suggested time). */
  plannedFor?: string | null;
}

export interface ScheduleDialogProps {
  open: boolean;
  /** The post to schedule; the dialog shows its text. */
  post: SchedulePostSource | null;
  onClose: () => void;
}

/**
 * Schedule from outside /create (a draft, an approved AI post): the three publish-time choices,
 * the page picker when needed, then the spec's confirmation and /calendar.
 */
function plannedWallTime(plannedFor: string | null | undefined, timeZone: string) {
  if (!plannedFor || !(Date.parse(plannedFor) > Date.now())) return null;
  return instantToWallTime(plannedFor, timeZone);
}

export default function ScheduleDialogView(props: ScheduleDialogProps) {
  // A fresh form every time it opens.
  return props.open && props.post ? <ScheduleDialogBody {...props} post={props.post} /> : null;
}

function ScheduleDialogBody({
  open,
  post,
  onClose,
}: ScheduleDialogProps & { post: SchedulePostSource }) {
  const titleId = useId();
  const format = useFormatters();
  const { optimal, pick } = useOptimalTime();
  // A planned time still ahead starts the form on Schedule for later at that time.
  const [planned] = useState(() => plannedWallTime(post.plannedFor, format.timeZone));
  const [mode, setMode] = useState<PublishMode>(planned ? 'schedule' : 'now');
  const [date, setDate] = useState(
    () => planned?.date ?? dateInZone(new Date(), format.timeZone, 1),
  );
  const [time, setTime] = useState(planned?.time ?? '10:30');
  const [problem, setProblem] = useState<string | null>(null);
  const flow = useScheduleFlow({ onProblem: setProblem, pickOptimal: pick });

  return (
    <>
      <Dialog
        open={open && !flow.engaged}
        onClose={flow.busy ? undefined : onClose}
        aria-labelledby={titleId}
        fullWidth
      >
        <DialogTitle id={titleId}>{TITLE}</DialogTitle>
        <DialogContent>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mb: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {post.content.length > 200 ? `${post.content.slice(0, 200)}…` : post.content}
          </Typography>
          <PublishTimeFields
            label="Publish time"
            mode={mode}
            onModeChange={(next) => {
              setMode(next);
              setProblem(null);
            }}
            date={date}
            time={time}
            onDateChange={(next) => {
              setDate(next);
              setProblem(null);
            }}
            onTimeChange={(next) => {
              setTime(next);
              setProblem(null);
            }}
            zoneLabel={`${format.formatZoneName()} (${zoneCity(format.timeZone)})`}
            optimal={optimal}
          />
          {problem && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={flow.busy}>
            Cancel
          </Button>
          <Button
            variant="contained"
            disabled={flow.busy}
            onClick={() =>
              void flow.start({
                content: post.content,
                platforms: post.platforms,
                mode,
                date,
                time,
                draftId: post.draftId ?? null,
                aiPostId: post.aiPostId ?? null,
              })
            }
          >
            Schedule
          </Button>
        </DialogActions>
      </Dialog>
      {flow.dialogs}
    </>
  );
}
