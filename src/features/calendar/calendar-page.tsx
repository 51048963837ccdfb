import { Typography } from '@mui/material';
import { PageTitle } from '../../components/page-title';
import { CalendarBoard } from './calendar-board';
import { ScheduledPosts } from './scheduled-posts';

export default function CalendarPage() {
  return (
    <>
      <PageTitle>Content Calendar</PageTitle>
      <Typography variant="h4" component="h1">
        Content Calendar
      </Typography>
      <CalendarBoard />
      <ScheduledPosts />
    </>
  );
}
