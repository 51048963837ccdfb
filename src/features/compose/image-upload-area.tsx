import { useId, useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUpload from '@mui/icons-material/CloudUpload';
import { useFormatters } from '../appearance';
import { IMAGE_TYPES, validateImageFile } from './compose-validation';

interface ChosenImage {
  name: string;
  size: number;
}

/**
 * Image choice for image and carousel posts. Files are checked on the device and listed;
 * nothing is uploaded, since the product has no media storage yet.
 */
export function ImageUploadArea({ multiple }: { multiple: boolean }) {
  const [images, setImages] = useState<ChosenImage[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { formatFileSize } = useFormatters();

  function accept(files: FileList | null) {
    if (!files || files.length === 0) return;
    const chosen = multiple ? [...files] : [...files].slice(0, 1);
    const problems: string[] = [];
    const valid: ChosenImage[] = [];
    for (const file of chosen) {
      const problem = validateImageFile(file);
      if (problem) problems.push(problem);
      else valid.push({ name: file.name, size: file.size });
    }
    setErrors(problems);
    if (valid.length) setImages((current) => (multiple ? [...current, ...valid] : valid));
  }

  function handleDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    accept(event.dataTransfer.files);
  }

  return (
    <Box>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: 3,
          textAlign: 'center',
          bgcolor: dragging ? 'action.hover' : 'transparent',
        }}
      >
        <CloudUpload color="action" sx={{ fontSize: 40 }} aria-hidden />
        <Typography variant="body1" sx={{ mt: 1 }}>
          Drag and drop {multiple ? 'images' : 'an image'} here, or
        </Typography>
        <Button
          variant="outlined"
          sx={{ mt: 1 }}
          aria-describedby={hintId}
          onClick={() => inputRef.current?.click()}
        >
          {multiple ? 'Choose Images' : 'Choose Image'}
        </Button>
        <input
          ref={inputRef}
          type="file"
          hidden
          multiple={multiple}
          accept={IMAGE_TYPES.join(',')}
          onChange={(event) => {
            accept(event.target.files);
            event.target.value = '';
          }}
        />
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          PNG, JPG, GIF up to 10MB
        </Typography>
      </Box>
      <Box aria-live="polite">
        {errors.map((error) => (
          <Alert key={error} severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        ))}
      </Box>
      {images.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {images.map((image, index) => (
              <Chip
                key={`${image.name}-${index}`}
                label={`${image.name} (${formatFileSize(image.size)})`}
                onDelete={() => setImages((current) => current.filter((_, i) => i !== index))}
              />
            ))}
          </Stack>
          <Typography variant="caption" color="text.secondary">
            Images stay on this device: publishing with images is not available yet.
          </Typography>
        </Box>
      )}
    </Box>
  );
}
