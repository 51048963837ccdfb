import { Typography } from '@mui/material';
import { PageTitle } from '../../components/page-title';

export default function MessagesPage() {
  return (
    <>
      <PageTitle>Messages</PageTitle>
      <Typography variant="h4" component="h1">
        Messages
      </Typography>
    </>
  );
}
