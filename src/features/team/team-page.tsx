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
      meanwhile="Write and review posts yourself: drafts you save are kept on this device and synced to your account."
      links={[
        { label: 'Create Content', to: '/create' },
        { label: 'Back to Dashboard', to: '/dashboard' },
      ]}
    />
  );
}
