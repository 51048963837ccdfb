import {
  Box,
  ButtonBase,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  TextField,
} from '@mui/material';
import Check from '@mui/icons-material/Check';
import type { OnboardingForm } from './onboarding-form';
import { BRAND_COLOURS, type Option } from './onboarding-options';

export type Patch = (change: Partial<OnboardingForm>) => void;

/** What every step's fields get: the answers so far and a way to change some of them. */
export interface StepProps {
  form: OnboardingForm;
  patch: Patch;
}

export function SelectField(props: {
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

export function CheckGroup(props: {
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

export function ColourSwatches({
  value,
  onChange,
}: {
  value: string[];
  onChange: (v: string[]) => void;
}) {
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
