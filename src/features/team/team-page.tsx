import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PlannedFeaturePage, type PlannedFeature } from '../../components/planned-feature-page';

export const TEAM_PLANS: readonly PlannedFeature[] = [
  {
    title: 'Invite teammates',
    detail: 'Add the people who help with your social media by email, each with their own sign-in.',
  },
  {
    title: 'Roles',
    detail:
      'Decide who can write drafts, who can schedule and publish, and who manages the account.',
  },
  {
    title: 'Approvals',
    detail:
      'The Approval flow on Create Content will send a post to a manager or the team before it goes out.',
  },
  {
    title: 'Activity',
    detail: 'See who wrote, changed, approved or published each post.',
  },
];

export default function TeamPage() {
  return (
    <PlannedFeaturePage
      title="Team"
      intro="Work on your posts together. This page is not ready yet; for now, Postbloom has one user per account."
      planned={TEAM_PLANS}
      meanwhile={
        <Stack spacing={2}>
          <Typography>
            Write and review posts yourself: drafts you save are kept on this device and synced to
            your account.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button component={RouterLink} to="/create" variant="contained">
              Create Content
            </Button>
            <Button component={RouterLink} to="/dashboard" variant="outlined">
              Back to Dashboard
            </Button>
          </Stack>
        </Stack>
      }
    />
  );
}
