import { useDeferredValue } from 'react';
import { Box, Typography } from '@mui/material';
import { useAppSelector } from '../../app/hooks';
import { PageTitle } from '../../components/page-title';
import { useStagedReveal } from '../../lib/use-staged-reveal';
import { selectPublishingLoaded } from '../publishing';
import { CalendarBoard } from './calendar-board';
import { gridTexts } from './calendar-texts';
import { ScheduledPosts } from './scheduled-posts';
import { Spinner } from '../../components/spinner';

export default function CalendarPage() {
  // The board and the list below it appear together, once this device's posts are read: a board
  // that filled in later would push the list down under the reader's eyes.
  const loaded = useAppSelector(selectPublishingLoaded);
  // Rendered in the background once they are read: a thousand posts then never hold the page
  // in one long task (React works on them in slices, between which the browser stays responsive).
  const shown = useDeferredValue(loaded);
  // The list under the board follows in a commit of its own (it only adds below what is shown):
  // the two committed together, their styles inserted, blocked a phone for over 100 ms.
  const listShown = useStagedReveal(1, shown) >= 1;
  return (
    <>
      <PageTitle>Content Calendar</PageTitle>
      <Typography variant="h4" component="h1">
        Content Calendar
      </Typography>
      {shown ? (
        <>
          <CalendarBoard />
          {listShown && <ScheduledPosts />}
        </>
      ) : (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
          <Spinner label={gridTexts.loading} />
        </Box>
      )}
    </>
  );
}
