import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface ComposeHeaderProps {
  editing: boolean;
  saving: boolean;
  onCancel: () => void;
  onSave: () => void;
  onSchedule: () => void;
}

/** The page heading and the form's three actions. */
export function ComposeHeader({
  editing,
  saving,
  onCancel,
  onSave,
  onSchedule,
}: ComposeHeaderProps) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ mb: 3, alignItems: { md: 'center' } }}
    >
      <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
        {editing ? 'Edit Draft Post' : 'Create New Post'}
      </Typography>
      {/* One line at 390 px, Update Draft included: tighter padding there instead of wrapping. */}
      <Stack
        direction="row"
        spacing={{ xs: 0.5, sm: 1 }}
        sx={{ '& .MuiButton-root': { px: { xs: 1.25, sm: 2 }, whiteSpace: 'nowrap' } }}
      >
        <Button variant="text" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="outlined" onClick={onSave} disabled={saving}>
          {editing ? 'Update Draft' : 'Save Draft'}
        </Button>
        <Button variant="contained" onClick={onSchedule}>
          Schedule Post
        </Button>
      </Stack>
    </Stack>
  );
}
