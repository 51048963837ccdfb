import { Typography } from '@mui/material';

export default function TeamPage() {
  return (
    <Typography variant="h4" component="h1">
      Team
    </Typography>
  );
}
