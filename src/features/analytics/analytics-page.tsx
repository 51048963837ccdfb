import { Typography } from '@mui/material';
import { PageTitle } from '../../components/page-title';

export default function AnalyticsPage() {
  return (
    <>
      <PageTitle>Analytics</PageTitle>
      <Typography variant="h4" component="h1">
        Analytics
      </Typography>
    </>
  );
}
