import { TextField, type TextFieldProps } from '@mui/material';

type Props = {
  value: string;
  onChange: (value: string) => void;
} & Pick<TextFieldProps, 'autoFocus' | 'helperText'>;

/** The 6-digit code of an authenticator app: at sign-in and when turning two-factor on. */
export function AuthenticationCodeField({ value, onChange, autoFocus, helperText }: Props) {
  return (
    <TextField
      label="Authentication code"
      name="code"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      fullWidth
      helperText={helperText}
      // Up to 9 characters: a code pasted with spaces ("123 456") is normalised on submit.
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
    />
  );
}
