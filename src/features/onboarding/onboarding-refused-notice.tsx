import { Alert, AlertTitle, Button } from '@mui/material';
import { PROFILE_TEXTS } from '../profile';
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

interface ProfileRefusedNoticeProps {
  detail: string;
  /** Opens Settings → Profile, where the profile is corrected. */
  onEdit?: () => void;
}

/** The profile half of the final save was refused by the server (§8). */
export function ProfileRefusedNotice({ detail, onEdit }: ProfileRefusedNoticeProps) {
  return (
    <Alert
      severity="error"
      sx={{ mb: 3 }}
      action={
        onEdit ? (
          <Button color="inherit" size="small" onClick={onEdit}>
            Edit profile
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{PROFILE_TEXTS.onboardingSaveFailed}</AlertTitle>
      {detail ? `The server refused the saved profile: ${detail}` : null}
    </Alert>
  );
}

export default OnboardingRefusedNotice;
