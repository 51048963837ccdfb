import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  ButtonBase,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  LinearProgress,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  Alert,
} from '@mui/material';
import Check from '@mui/icons-material/Check';
import {
  canContinue,
  GUIDELINES_UPLOAD,
  LOGO_UPLOAD,
  minutesRemaining,
  PRODUCT_IMAGE_UPLOAD,
  progressPercent,
  STEP_TITLES,
  TOTAL_STEPS,
  type OnboardingForm,
} from './onboarding-form';
import {
  AGE_GROUPS,
  BRAND_COLOURS,
  BRAND_PERSONALITIES,
  CONTENT_TYPES,
  INDUSTRIES,
  MAIN_AUDIENCES,
  OFFER_TYPES,
  PLATFORMS,
  POSTING_FREQUENCIES,
  POSTING_TIMES,
  PRIMARY_CTAS,
  PRIMARY_GOALS,
  TIMEZONES,
  TONES_OF_VOICE,
  type Option,
} from './onboarding-options';
import { platformsAfterChange } from './onboarding-choices';
import { UploadArea } from './upload-area';
import { WebsiteUrlField } from './website-url-field';

const SAVE_DELAY_MS = 500;

interface WizardProps {
  initialForm: OnboardingForm;
  initialStep: number;
  /** The slice gets the answers per step and, debounced, while typing. */
  onSave: (form: OnboardingForm, step: number) => void;
  onComplete: (form: OnboardingForm) => Promise<void>;
  saving: boolean;
  /** Opened by a button press: focus goes to the first field, not back to the page top. */
  focusFirstField?: boolean;
}

type Patch = (change: Partial<OnboardingForm>) => void;

function SelectField(props: {
  label: string;
  value: string;
  options: Option[];
  required?: boolean;
  onChange: (v: string) => void;
}) {
  return (
    <TextField
      select
      fullWidth
      label={props.label}
      required={props.required}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">Select...</option>
      {props.options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}

function CheckGroup(props: {
  label: string;
  options: Option[];
  value: string[];
  required?: boolean;
  onChange: (v: string[]) => void;
}) {
  return (
    <FormControl component="fieldset" required={props.required}>
      <FormLabel component="legend">{props.label}</FormLabel>
      <FormGroup row>
        {props.options.map((o) => (
          <FormControlLabel
            key={o.id}
            label={o.label}
            control={
              <Checkbox
                checked={props.value.includes(o.id)}
                onChange={(e) =>
                  props.onChange(
                    e.target.checked
                      ? [...props.value, o.id]
                      : props.value.filter((v) => v !== o.id),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

function ColourSwatches({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">Brand Colors</FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {BRAND_COLOURS.map((c) => {
          const selected = value.includes(c);
          return (
            <ButtonBase
              key={c}
              aria-label={c}
              aria-pressed={selected}
              focusRipple
              onClick={() => onChange(selected ? value.filter((v) => v !== c) : [...value, c])}
              sx={{
                width: 44,
                height: 44,
                borderRadius: '50%',
                bgcolor: c,
                color: '#fff',
                border: 3,
                borderColor: selected ? 'text.primary' : 'transparent',
              }}
            >
              {selected && <Check fontSize="small" />}
            </ButtonBase>
          );
        })}
      </Box>
    </FormControl>
  );
}

function StepFields({ step, form, patch }: { step: number; form: OnboardingForm; patch: Patch }) {
  switch (step) {
    case 1:
      return (
        <>
          <TextField
            label="Business Name"
            required
            fullWidth
            value={form.businessName}
            onChange={(e) => patch({ businessName: e.target.value })}
          />
          <WebsiteUrlField
            value={form.websiteUrl}
            onChange={(websiteUrl) => patch({ websiteUrl })}
          />
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
    case 2:
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
          <ColourSwatches
            value={form.brandColors}
            onChange={(brandColors) => patch({ brandColors })}
          />
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
    case 3:
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
    case 4:
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
    case 5:
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
    case 6:
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
    case 7:
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
    case 8:
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
            Content safety notice: generated posts avoid the topics and claims listed here and
            include your required disclaimers. Always review content before publishing.
          </Alert>
        </>
      );
    default: {
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
  }
}

export function OnboardingWizard({
  initialForm,
  initialStep,
  onSave,
  onComplete,
  saving,
  focusFirstField = false,
}: WizardProps) {
  const [form, setForm] = useState(initialForm);
  const [step, setStep] = useState(Math.min(Math.max(initialStep, 1), TOTAL_STEPS));
  const onSaveRef = useRef(onSave);
  useEffect(() => {
    onSaveRef.current = onSave;
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusFirstField) fieldsRef.current?.querySelector<HTMLElement>('input, select')?.focus();
    // Once, when the wizard opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // What was typed but not yet handed to the slice (the save is debounced).
  const unsaved = useRef<{ form: OnboardingForm; step: number } | null>(null);
  const saveNow = useCallback(() => {
    const pending = unsaved.current;
    unsaved.current = null;
    if (pending) onSaveRef.current(pending.form, pending.step);
  }, []);

  useEffect(() => {
    unsaved.current = { form, step };
    const timer = setTimeout(saveNow, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form, step, saveNow]);

  // A reload, a closed tab or leaving the page keeps what was just typed. Capture listeners run
  // before the store's own (flushOnHide), so the persisted state it writes includes this save.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saveNow();
    };
    window.addEventListener('pagehide', saveNow, { capture: true });
    document.addEventListener('visibilitychange', onVisibility, { capture: true });
    return () => {
      window.removeEventListener('pagehide', saveNow, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility, { capture: true });
      saveNow();
    };
  }, [saveNow]);

  const patch: Patch = (change) => setForm((f) => ({ ...f, ...change }));
  const go = (next: number) => {
    setStep(next);
    onSave(form, next);
    headingRef.current?.focus();
  };
  const title = STEP_TITLES[step - 1] ?? '';
  const percent = progressPercent(step);
  const ok = canContinue(step, form);
  const minutes = minutesRemaining(step);

  let action: ReactNode;
  if (step < TOTAL_STEPS) {
    action = (
      <Button variant="contained" disabled={!ok} onClick={() => go(step + 1)}>
        Continue
      </Button>
    );
  } else {
    action = (
      <Button
        variant="contained"
        disabled={!ok || saving}
        onClick={() => {
          onSave(form, step);
          void onComplete(form);
        }}
      >
        {saving ? 'Completing Setup...' : 'Complete Setup'}
      </Button>
    );
  }

  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 760, mx: 'auto' }}>
      <Stack spacing={1} sx={{ mb: 3 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography>
            Step {step} of {TOTAL_STEPS}
          </Typography>
          <Typography color="text.secondary">{percent}% complete</Typography>
        </Box>
        <LinearProgress variant="determinate" value={percent} aria-label="Onboarding progress" />
        <Typography variant="body2" color="text.secondary">
          Estimated time remaining: {minutes} {minutes === 1 ? 'minute' : 'minutes'}
        </Typography>
      </Stack>
      <Chip color="primary" label={`Step ${step}`} sx={{ mb: 1 }} />
      <Typography variant="h5" component="h2" tabIndex={-1} ref={headingRef} sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Stack spacing={3} ref={fieldsRef}>
        <StepFields step={step} form={form} patch={patch} />
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4, gap: 2 }}>
        {step > 1 ? (
          <Button variant="outlined" onClick={() => go(step - 1)} disabled={saving}>
            Back
          </Button>
        ) : (
          <span />
        )}
        {action}
      </Box>
    </Paper>
  );
}
