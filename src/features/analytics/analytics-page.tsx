import { Typography } from '@mui/material';

export default function AnalyticsPage() {
  return (
    <Typography variant="h4" component="h1">
      Analytics
    </Typography>
  );
}
