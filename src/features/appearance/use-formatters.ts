import { useAppSelector } from '../../app/hooks';
import { makeFormatters, type Formatters } from '../../lib/intl/format';
import { selectFormatSettings, selectTimeZone } from './appearance-selectors';

/** Dates, times and numbers in the user's language, dates and times in their zone. */
export function useFormatters(): Formatters {
  return makeFormatters(useAppSelector(selectFormatSettings));
}

/** The zone scheduled times are shown and entered in. */
export function useTimeZone(): string {
  return useAppSelector(selectTimeZone);
}
