import { useCallback, useState } from 'react';
import { makeNotice, type Notice } from '../../components/notice-snackbar';
import { validateDraft, validateSchedule, type ComposeFields } from './compose-validation';

/** The form checks that raise warnings. */
const CHECKS = { save: validateDraft, schedule: validateSchedule } as const;
export type ComposeCheck = keyof typeof CHECKS;

export type Notify = (severity: Notice['severity'], text: string, from?: ComposeCheck) => void;

/** The form's one notice at a time; a check's warning closes once the form no longer fails it. */
export function useComposeNotice(fields: ComposeFields) {
  const [notice, setNotice] = useState<Notice | null>(null);
  // Which check raised the warning on screen, so it closes once that check passes.
  const [warningFrom, setWarningFrom] = useState<ComposeCheck | null>(null);

  if (notice && warningFrom && CHECKS[warningFrom](fields) !== notice.text) {
    setNotice(null);
    setWarningFrom(null);
  }

  // Stable, so the snackbar and the cards they are handed to skip renders (typing's included).
  const notify: Notify = useCallback((severity, text, from) => {
    setNotice(makeNotice(severity, text));
    setWarningFrom(from ?? null);
  }, []);
  const clear = useCallback(() => {
    setNotice(null);
    setWarningFrom(null);
  }, []);

  return { notice, notify, clear };
}
