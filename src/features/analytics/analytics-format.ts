import { dateTimeFormat, type Formatters } from '../../lib/intl/format';
import { isPlatform, platformLabels } from '../../lib/platforms';
import { postTexts } from './analytics-texts';
import type { MetricKey } from './types';

/** The page's number formats on top of the user's formatters; unknown numbers read "—". */
export interface AnalyticsFormat {
  count(value: number | null): string;
  /** A rate already in percent (4.2 means 4.2 %). */
  rate(value: number | null): string;
  metric(metric: MetricKey, value: number | null): string;
  /** A change in percent, signed, one decimal: +8.2% · -3.0% · 0.0% */
  change(value: number | null): string;
  /** A calendar day (YYYY-MM-DD): the same day whatever the zone. */
  day(day: string): string;
  dateTime(iso: string | null): string;
  platform(platform: string): string;
}

export function analyticsFormat(format: Formatters): AnalyticsFormat {
  const dayFormat = dateTimeFormat(
    { locale: format.locale, timeZone: 'UTC' },
    { month: 'short', day: 'numeric' },
  );
  const count = (value: number | null) =>
    value === null ? postTexts.unknown : format.formatNumber(value);
  const rate = (value: number | null) =>
    value === null ? postTexts.unknown : format.formatPercent(value / 100);
  return {
    count,
    rate,
    metric: (metric, value) => (metric === 'engagement' ? rate(value) : count(value)),
    change: (value) =>
      value === null
        ? postTexts.unknown
        : format.formatPercent(value / 100, {
            signDisplay: 'exceptZero',
            minimumFractionDigits: 1,
            maximumFractionDigits: 1,
          }),
    day: (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
    },
    dateTime: (iso) => (iso ? format.formatDateTime(iso) : postTexts.unknown),
    platform: (platform) => (isPlatform(platform) ? platformLabels[platform] : platform),
  };
}
