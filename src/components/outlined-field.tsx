import { useId, type ReactNode } from 'react';
import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type OutlinedInputProps,
} from '@mui/material';

export type OutlinedFieldProps = Omit<OutlinedInputProps, 'label' | 'notched'> & {
  label: ReactNode;
  helperText?: ReactNode;
  /** The label always above the field, as for a date, a time or a list that always shows a choice. */
  shrinkLabel?: boolean;
};

/**
 * An outlined text field with a visible label and helper text: what MUI's TextField renders for
 * its outlined variant, without the code of its select and other variants, so the public pages
 * that use it (sign-up, contact) download less before their form works. A field that picks from
 * a list is an OutlinedSelectField, or a TextField in the signed-in app. The app bar's search uses it
 * too: TextField brings the select's code, and with it the menus', to every signed-in page.
 */
export function OutlinedField({
  id,
  label,
  helperText,
  error,
  required,
  disabled,
  fullWidth,
  size,
  shrinkLabel,
  ...input
}: OutlinedFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      size={size}
    >
      <InputLabel htmlFor={inputId} id={`${inputId}-label`} shrink={shrinkLabel || undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        size={size}
        label={label}
        notched={shrinkLabel || undefined}
        aria-describedby={helperId}
        // FormControl marks the field required for its label; the input says so itself too.
        required={required}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
