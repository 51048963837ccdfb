import { TextField } from '@mui/material';
import { LOGO_UPLOAD } from './onboarding-form';
import { CheckGroup, ColourSwatches, SelectField, type StepProps } from './onboarding-inputs';
import {
  AGE_GROUPS,
  BRAND_PERSONALITIES,
  INDUSTRIES,
  MAIN_AUDIENCES,
  OFFER_TYPES,
  PRIMARY_CTAS,
  PRIMARY_GOALS,
  TONES_OF_VOICE,
} from './onboarding-options';
import { UploadArea } from './upload-area';
import { WebsiteUrlField } from './website-url-field';

// Steps 1 to 4: who the business is, how it looks and sounds, whom it serves, what it sells.

export function BusinessBasicsStep({ form, patch }: StepProps) {
  return (
    <>
      <TextField
        label="Business Name"
        required
        fullWidth
        value={form.businessName}
        onChange={(e) => patch({ businessName: e.target.value })}
      />
      <WebsiteUrlField value={form.websiteUrl} onChange={(websiteUrl) => patch({ websiteUrl })} />
      <SelectField
        label="Industry"
        required
        value={form.industry}
        options={INDUSTRIES}
        onChange={(industry) => patch({ industry })}
      />
      <SelectField
        label="Primary Goal"
        required
        value={form.primaryGoal}
        options={PRIMARY_GOALS}
        onChange={(primaryGoal) => patch({ primaryGoal })}
      />
    </>
  );
}

export function BrandIdentityStep({ form, patch }: StepProps) {
  return (
    <>
      <SelectField
        label="Brand Personality"
        required
        value={form.brandPersonality}
        options={BRAND_PERSONALITIES}
        onChange={(brandPersonality) => patch({ brandPersonality })}
      />
      <SelectField
        label="Tone of Voice"
        required
        value={form.toneOfVoice}
        options={TONES_OF_VOICE}
        onChange={(toneOfVoice) => patch({ toneOfVoice })}
      />
      <ColourSwatches value={form.brandColors} onChange={(brandColors) => patch({ brandColors })} />
      <UploadArea
        label="Logo"
        rule={LOGO_UPLOAD}
        files={form.logoFile ? [form.logoFile] : []}
        onChange={(names) => patch({ logoFile: names[0] ?? null })}
      />
      <UploadArea
        label="Brand Assets"
        rule={LOGO_UPLOAD}
        multiple
        files={form.brandAssets}
        onChange={(brandAssets) => patch({ brandAssets })}
      />
    </>
  );
}

export function TargetAudienceStep({ form, patch }: StepProps) {
  return (
    <>
      <SelectField
        label="Main Audience"
        required
        value={form.mainAudience}
        options={MAIN_AUDIENCES}
        onChange={(mainAudience) => patch({ mainAudience })}
      />
      <CheckGroup
        label="Key Age Groups"
        options={AGE_GROUPS}
        value={form.ageGroups}
        onChange={(ageGroups) => patch({ ageGroups })}
      />
      <TextField
        label="Primary Audience Location"
        fullWidth
        value={form.audienceLocation}
        onChange={(e) => patch({ audienceLocation: e.target.value })}
      />
    </>
  );
}

export function ProductsStep({ form, patch }: StepProps) {
  return (
    <>
      <SelectField
        label="Offer Type"
        required
        value={form.offerType}
        options={OFFER_TYPES}
        onChange={(offerType) => patch({ offerType })}
      />
      <TextField
        label="Description of Your Top Offering"
        required
        fullWidth
        multiline
        minRows={3}
        value={form.topOfferingDescription}
        onChange={(e) => patch({ topOfferingDescription: e.target.value })}
      />
      <SelectField
        label="Primary Call to Action"
        required
        value={form.primaryCTA}
        options={PRIMARY_CTAS}
        onChange={(primaryCTA) => patch({ primaryCTA })}
      />
    </>
  );
}
