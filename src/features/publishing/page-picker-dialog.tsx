import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { platformLabels } from '../../lib/platforms';
import { accountNoun, manualNote, type AccountChoice } from './schedule-request';
import type { DraftPlatform } from '../../lib/db';

export const PICKER_TITLE = 'Choose pages';

export interface PagePickerDialogProps {
  open: boolean;
  choices: AccountChoice[];
  /** Platforms that get a reminder instead (said in the dialog). */
  manual: DraftPlatform[];
  busy?: boolean;
  onCancel: () => void;
  onConfirm: (accountIds: string[]) => void;
}

/** Which of several connected pages (or LinkedIn accounts) a post goes to: at least one each. */
export function PagePickerDialog(props: PagePickerDialogProps) {
  // A fresh choice every time it opens.
  return props.open ? <PickerBody {...props} /> : null;
}

function PickerBody({ open, choices, manual, busy, onCancel, onConfirm }: PagePickerDialogProps) {
  const titleId = useId();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const [tried, setTried] = useState(false);
  const missing = choices.filter((c) => !c.accounts.some((a) => chosen.has(a.id)));
  const note = manualNote(manual);

  function toggle(id: string, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function handleConfirm() {
    setTried(true);
    if (missing.length > 0) return;
    onConfirm(choices.flatMap((c) => c.accounts.filter((a) => chosen.has(a.id)).map((a) => a.id)));
  }

  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>{PICKER_TITLE}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            You have several connected accounts. Choose where this post goes.
          </DialogContentText>
          {choices.map((choice) => {
            const noun = accountNoun(choice.platform);
            const name = platformLabels[choice.platform];
            const error = tried && missing.includes(choice);
            return (
              <FormControl key={choice.platform} component="fieldset" error={error}>
                <FormLabel component="legend">{`${name} ${noun}s`}</FormLabel>
                <FormGroup>
                  {choice.accounts.map((account) => (
                    <FormControlLabel
                      key={account.id}
                      sx={{ minWidth: 0, '& .MuiFormControlLabel-label': { minWidth: 0 } }}
                      control={
                        <Checkbox
                          checked={chosen.has(account.id)}
                          onChange={(event) => toggle(account.id, event.target.checked)}
                        />
                      }
                      label={
                        <Stack
                          direction="row"
                          spacing={1}
                          sx={{ alignItems: 'center', flexWrap: 'wrap', overflowWrap: 'anywhere' }}
                        >
                          <span>{account.accountName || `Unnamed ${noun}`}</span>
                          {account.connectionStatus === 'reconnect_needed' && (
                            <Chip size="small" color="warning" label="Reconnect needed" />
                          )}
                        </Stack>
                      }
                    />
                  ))}
                </FormGroup>
                {error && (
                  <FormHelperText>{`Choose at least one ${noun} for ${name}.`}</FormHelperText>
                )}
              </FormControl>
            );
          })}
          {note && <Alert severity="info">{note}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={handleConfirm} disabled={busy}>
          Schedule
        </Button>
      </DialogActions>
    </Dialog>
  );
}
