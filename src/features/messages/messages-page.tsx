import { Typography } from '@mui/material';

export default function MessagesPage() {
  return (
    <Typography variant="h4" component="h1">
      Messages
    </Typography>
  );
}
