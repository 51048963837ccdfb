import { Typography } from '@mui/material';
import { PageTitle } from '../../components/page-title';

export default function TeamPage() {
  return (
    <>
      <PageTitle>Team</PageTitle>
      <Typography variant="h4" component="h1">
        Team
      </Typography>
    </>
  );
}
