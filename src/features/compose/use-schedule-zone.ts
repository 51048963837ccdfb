import { useEffect, useMemo, useRef } from 'react';
import { useFormatters } from '../appearance';
import { zoneCity } from '../../lib/intl/time-zones';
import { dateTimeInputs, sampleSchedule, scheduledForFrom } from './schedule-dates';

/**
 * Keeps the schedule's date and time inputs in the user's zone, and says which zone that is. When
 * the zone changes under an open form (the user's preferences arrive after it opened, or change on
 * another device), a chosen time stays the same instant, shown in the new zone; the untouched
 * sample becomes the new zone's tomorrow at 10:30.
 */
export function useScheduleZone(
  date: string,
  time: string,
  onMoved: (inputs: { date: string; time: string }) => void,
): { timeZone: string; zoneLabel: string } {
  const format = useFormatters();
  const { timeZone } = format;
  const shownIn = useRef(timeZone);
  useEffect(() => {
    const previous = shownIn.current;
    if (previous === timeZone) return;
    shownIn.current = timeZone;
    const sample = sampleSchedule(new Date(), previous);
    if (sample.date === date && sample.time === time) {
      onMoved(sampleSchedule(new Date(), timeZone));
      return;
    }
    const instant = scheduledForFrom(date, time, previous);
    const moved = instant ? dateTimeInputs(instant, timeZone) : null;
    if (moved) onMoved(moved);
    // Only a change of zone moves the inputs; typing in them must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timeZone]);
  // Naming the zone asks Intl for it: once per zone, not on every keystroke of the form.
  const zoneLabel = useMemo(
    () => `${format.formatZoneName()} (${zoneCity(timeZone)})`,
    [format, timeZone],
  );
  return { timeZone, zoneLabel };
}
