import { useState } from 'react';
import { IconButton, InputAdornment } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { OutlinedField, type OutlinedFieldProps } from './outlined-field';

type PasswordFieldProps = Omit<OutlinedFieldProps, 'type' | 'endAdornment'> & {
  /** Names the toggle: "Show password" / "Hide password" by default. */
  revealLabel?: string;
};

export function PasswordField({ revealLabel = 'password', ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <OutlinedField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={`${visible ? 'Hide' : 'Show'} ${revealLabel}`}
            onClick={() => setVisible((v) => !v)}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
