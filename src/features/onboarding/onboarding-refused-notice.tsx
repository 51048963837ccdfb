import { Alert, AlertTitle, Button } from '@mui/material';
import { ONBOARDING_FAILURE } from './onboarding-form';

interface RefusedNoticeProps {
  /** What the server said (e.g. the check constraint it hit). */
  detail: string;
  /** Reopens the wizard with the refused answers; absent while the wizard is already open. */
  onReview?: () => void;
}

/** A queued final save the server refused (§8): kept on the device until the user fixes it. */
export function OnboardingRefusedNotice({ detail, onReview }: RefusedNoticeProps) {
  return (
    <Alert
      severity="error"
      sx={{ mb: 3 }}
      action={
        onReview ? (
          <Button color="inherit" size="small" onClick={onReview}>
            Review answers
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{ONBOARDING_FAILURE}</AlertTitle>
      {detail ? `The server refused the saved answers: ${detail}` : null}
    </Alert>
  );
}

export default OnboardingRefusedNotice;
