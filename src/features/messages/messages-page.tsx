import { PlannedFeaturePage, type PlannedFeature } from '../../components/planned-feature-page';

export const MESSAGES_PLANS: readonly PlannedFeature[] = [
  {
    title: 'One inbox',
    detail:
      'Comments and direct messages from your connected Facebook and LinkedIn pages, in one list.',
  },
  {
    title: 'Replies',
    detail: 'Answer a comment or a message from here, without opening each platform.',
  },
  {
    title: 'Auto-respond',
    detail:
      'The Auto-respond to comments option on Create Content will draft replies for you to check.',
  },
  {
    title: 'Notifications',
    detail: 'Be told when a customer writes, by the notification settings you choose.',
  },
];

export default function MessagesPage() {
  return (
    <PlannedFeaturePage
      title="Messages"
      intro="Talk with your customers where they comment and write to you. This page is not ready yet."
      planned={MESSAGES_PLANS}
      meanwhile="Connect your social accounts now, so their messages can appear here once the inbox is ready."
      links={[
        { label: 'Connect accounts', to: '/settings', state: { tab: 'integrations' } },
        { label: 'Back to Dashboard', to: '/dashboard' },
      ]}
    />
  );
}
