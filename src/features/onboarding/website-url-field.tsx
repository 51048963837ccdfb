import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { websiteUrlProblem } from './onboarding-choices';

/** Website URL: says when the text is not an address, once the user has left the field. */
export function WebsiteUrlField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const [left, setLeft] = useState(false);
  const problem = left ? websiteUrlProblem(value) : null;
  return (
    <TextField
      label="Website URL"
      type="url"
      fullWidth
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => setLeft(true)}
      error={problem !== null}
      helperText={problem ?? 'Optional, for example example.com'}
      slotProps={{ htmlInput: { inputMode: 'url', autoCapitalize: 'none', spellCheck: false } }}
    />
  );
}
