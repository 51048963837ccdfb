import type { ReactNode } from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { CalendarItem } from './calendar-items';
import type { DayKey } from './month-grid';

/** What a dragged entry carries to the day it is dropped on. */
export interface DragData {
  item: CalendarItem;
}

/** What a day accepts a drop as. */
export interface DropData {
  day: DayKey;
}

/**
 * An item's entry that a pointer can drag to another day. Only the pointer's handlers are used:
 * by keyboard an item moves with "Move to date" in the day's list, and the grid keeps its own
 * arrow-key focus without extra tab stops.
 */
export function DraggableEntry({
  item,
  id,
  children,
  sx,
}: {
  item: CalendarItem;
  /** Unique among the entries on screen (one item shows in several views). */
  id: string;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id,
    data: { item } satisfies DragData,
    disabled: !item.movable,
  });
  return (
    <Box
      ref={setNodeRef}
      {...(item.movable ? listeners : {})}
      data-movable={item.movable || undefined}
      sx={[
        { cursor: item.movable ? 'grab' : 'default', opacity: isDragging ? 0.4 : 1 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}

/** A day that takes dropped entries; `render` gets whether an entry is over it. */
export function useDayDrop(day: DayKey) {
  const { setNodeRef, isOver } = useDroppable({
    id: `day:${day}`,
    data: { day } satisfies DropData,
  });
  return { setNodeRef, isOver };
}
