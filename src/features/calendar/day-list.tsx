import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormatters } from '../appearance';
import type { CalendarItem } from './calendar-items';
import { gridTexts } from './calendar-texts';
import { ItemBadges } from './item-chips';
import { dayLabel, type DayKey } from './month-grid';

export interface ItemActions {
  view(item: CalendarItem): void;
  move(item: CalendarItem): void;
}

/** One post of a day: title, platforms, status, time, and Edit, View and Move to date. */
export function ItemRow({
  item,
  actions,
  level,
}: {
  item: CalendarItem;
  actions: ItemActions;
  level: 3 | 4;
}) {
  const { formatTime } = useFormatters();
  const titleId = useId();
  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      sx={{
        py: 1.5,
        listStyle: 'none',
        minWidth: 0,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Stack direction="row" useFlexGap sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          <time dateTime={item.at}>{formatTime(item.at)}</time>
        </Typography>
        <Typography
          id={titleId}
          component={`h${level}`}
          variant="subtitle2"
          sx={{ overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {item.title}
        </Typography>
      </Stack>
      <Box sx={{ mt: 0.5 }}>
        <ItemBadges item={item} />
      </Box>
      <Stack direction="row" useFlexGap sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={item.editHref} size="small" variant="outlined">
          {gridTexts.edit}
        </Button>
        <Button size="small" variant="outlined" onClick={() => actions.view(item)}>
          {gridTexts.viewItem}
        </Button>
        {item.movable && (
          <Button size="small" onClick={() => actions.move(item)}>
            {gridTexts.moveToDate}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

export function ItemList({
  items,
  actions,
  level,
  label,
}: {
  items: readonly CalendarItem[];
  actions: ItemActions;
  level: 3 | 4;
  label?: string;
}) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, p: 0 }}>
      {items.map((item) => (
        <ItemRow key={item.key} item={item} actions={actions} level={level} />
      ))}
    </Box>
  );
}

/** The selected day's posts, with Add Post for This Day. */
export function DayPanel({
  day,
  items,
  filtering,
  actions,
}: {
  day: DayKey;
  items: readonly CalendarItem[];
  filtering: boolean;
  actions: ItemActions;
}) {
  const { locale } = useFormatters();
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}
    >
      <Stack
        direction="row"
        useFlexGap
        sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          {dayLabel(day, locale)}
        </Typography>
        <Button component={RouterLink} to={`/create?date=${day}`} variant="contained" size="small">
          {gridTexts.addForDay}
        </Button>
      </Stack>
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {filtering ? gridTexts.filteredOut : gridTexts.noPostsDay}
        </Typography>
      ) : (
        <ItemList items={items} actions={actions} level={3} />
      )}
    </Box>
  );
}
