import { useId, useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import CloudUpload from '@mui/icons-material/CloudUpload';
import { checkUpload, type UploadRule } from './onboarding-form';

interface UploadAreaProps {
  label: string;
  rule: UploadRule;
  multiple?: boolean;
  files: string[];
  onChange: (names: string[]) => void;
}

/** A placeholder upload: files are checked on the device and only their names are kept. */
export function UploadArea({ label, rule, multiple = false, files, onChange }: UploadAreaProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <Box
      sx={{ border: 2, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 2, p: 2 }}
      role="group"
      aria-labelledby={`${id}-label`}
    >
      <Typography id={`${id}-label`} sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {rule.hint}
      </Typography>
      <Button component="label" variant="outlined" startIcon={<CloudUpload />}>
        Choose {multiple ? 'files' : 'file'}
        <input
          hidden
          type="file"
          aria-label={label}
          multiple={multiple}
          accept={rule.extensions.map((e) => `.${e}`).join(',')}
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            event.target.value = '';
            const problems = chosen.map((f) => checkUpload(f, rule)).filter(Boolean);
            setError(problems.length > 0 ? problems.join(' ') : null);
            const ok = chosen.filter((f) => checkUpload(f, rule) === null).map((f) => f.name);
            if (ok.length > 0) onChange(multiple ? [...files, ...ok] : ok.slice(0, 1));
          }}
        />
      </Button>
      {files.length > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Selected: {files.join(', ')}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
