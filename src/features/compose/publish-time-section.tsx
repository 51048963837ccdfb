import { memo } from 'react';
import { SectionCard } from '../../components/section-card';
import { PublishTimeFields, type PublishTimeFieldsProps } from '../publishing';

const TITLE = 'Publish time';

export type PublishTimeSectionProps = Omit<PublishTimeFieldsProps, 'label'>;

/** /create's publish-time card: Publish now, Schedule for later, AI optimal time. */
export const PublishTimeSection = memo(function PublishTimeSection(props: PublishTimeSectionProps) {
  return (
    <SectionCard title={TITLE}>
      {/* The section's title names the group: SectionCard does not share its heading's id. */}
      <PublishTimeFields label={TITLE} {...props} />
    </SectionCard>
  );
});
