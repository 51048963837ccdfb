import {
  Alert,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { GUIDELINES_UPLOAD, PRODUCT_IMAGE_UPLOAD } from './onboarding-form';
import { CheckGroup, SelectField, type StepProps } from './onboarding-inputs';
import {
  CONTENT_TYPES,
  PLATFORMS,
  POSTING_FREQUENCIES,
  POSTING_TIMES,
  TIMEZONES,
} from './onboarding-options';
import { platformsAfterChange } from './onboarding-choices';
import { UploadArea } from './upload-area';

// Steps 5 to 9: what to post and where, visual assets, competitors, compliance and scheduling.

export function ContentPreferencesStep({ form, patch }: StepProps) {
  return (
    <>
      <CheckGroup
        label="Content Types"
        options={CONTENT_TYPES}
        value={form.contentTypes}
        onChange={(contentTypes) => patch({ contentTypes })}
      />
      <CheckGroup
        label="Platforms"
        required
        options={PLATFORMS}
        value={form.platforms}
        onChange={(platforms) =>
          patch({ platforms: platformsAfterChange(form.platforms, platforms) })
        }
      />
      <SelectField
        label="Posting Frequency"
        required
        value={form.postingFrequency}
        options={POSTING_FREQUENCIES}
        onChange={(postingFrequency) => patch({ postingFrequency })}
      />
    </>
  );
}

export function VisualAssetsStep({ form, patch }: StepProps) {
  return (
    <>
      <FormControl component="fieldset">
        <FormLabel component="legend">Do you have product images?</FormLabel>
        <RadioGroup
          row
          value={form.hasProductImages ? 'yes' : 'no'}
          onChange={(e) => patch({ hasProductImages: e.target.value === 'yes' })}
        >
          <FormControlLabel value="yes" control={<Radio />} label="Yes" />
          <FormControlLabel value="no" control={<Radio />} label="No" />
        </RadioGroup>
      </FormControl>
      {form.hasProductImages && (
        <UploadArea
          label="Product Images"
          rule={PRODUCT_IMAGE_UPLOAD}
          multiple
          files={form.productImages}
          onChange={(productImages) => patch({ productImages })}
        />
      )}
      <UploadArea
        label="Brand Guidelines (optional)"
        rule={GUIDELINES_UPLOAD}
        files={form.brandGuidelines ? [form.brandGuidelines] : []}
        onChange={(names) => patch({ brandGuidelines: names[0] ?? null })}
      />
    </>
  );
}

export function CompetitorsStep({ form, patch }: StepProps) {
  return (
    <>
      <TextField
        label="Competitors"
        fullWidth
        multiline
        minRows={2}
        value={form.competitors}
        onChange={(e) => patch({ competitors: e.target.value })}
      />
      <TextField
        label="Important Hashtags"
        fullWidth
        helperText="Separate hashtags with spaces or commas"
        value={form.importantHashtags}
        onChange={(e) => patch({ importantHashtags: e.target.value })}
      />
    </>
  );
}

export function ComplianceStep({ form, patch }: StepProps) {
  return (
    <>
      <TextField
        label="Topics or Claims to Avoid"
        fullWidth
        multiline
        minRows={2}
        value={form.topicsToAvoid}
        onChange={(e) => patch({ topicsToAvoid: e.target.value })}
      />
      <TextField
        label="Required Disclaimers"
        fullWidth
        multiline
        minRows={2}
        value={form.requiredDisclosures}
        onChange={(e) => patch({ requiredDisclosures: e.target.value })}
      />
      <Alert severity="info">
        Content safety notice: generated posts avoid the topics and claims listed here and include
        your required disclaimers. Always review content before publishing.
      </Alert>
    </>
  );
}

export function SchedulingStep({ form, patch }: StepProps) {
  const zones = TIMEZONES.includes(form.timezone) ? TIMEZONES : [form.timezone, ...TIMEZONES];
  return (
    <>
      <CheckGroup
        label="Preferred Posting Times"
        required
        options={POSTING_TIMES}
        value={form.preferredPostingTimes}
        onChange={(preferredPostingTimes) => patch({ preferredPostingTimes })}
      />
      <SelectField
        label="Time Zone"
        value={form.timezone}
        options={zones.map((z) => ({ id: z, label: z }))}
        onChange={(timezone) => patch({ timezone })}
      />
    </>
  );
}
