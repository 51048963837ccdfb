import { Typography } from '@mui/material';
import { PageTitle } from '../../components/page-title';
import { ScheduledPosts } from './scheduled-posts';

export default function CalendarPage() {
  return (
    <>
      <PageTitle>Content Calendar</PageTitle>
      <Typography variant="h4" component="h1">
        Content Calendar
      </Typography>
      <ScheduledPosts />
    </>
  );
}
