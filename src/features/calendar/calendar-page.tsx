import { Typography } from '@mui/material';

export default function CalendarPage() {
  return (
    <Typography variant="h4" component="h1">
      Content Calendar
    </Typography>
  );
}
