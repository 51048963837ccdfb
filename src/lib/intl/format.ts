// Dates, times and numbers as the user's language writes them, dates and times in the user's
// zone. Every screen formats through here so that a change of language or zone reaches all of
// them; nothing in the app calls toLocaleString or builds an Intl formatter of its own.

export interface FormatSettings {
  /** A BCP 47 tag: en-US, en-GB, es, fr, de. */
  locale: string;
  /** An IANA zone. */
  timeZone: string;
}

export type DateInput = string | number | Date;

// Building an Intl formatter costs far more than using one: each is made once per settings.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function dateTimeFormat(
  { locale, timeZone }: FormatSettings,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}) {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DATE_TIME: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', ...TIME };
const WEEKDAY_TIME: Intl.DateTimeFormatOptions = { weekday: 'long', ...TIME };

export interface Formatters extends FormatSettings {
  /** Nov 24, 2026 · 24 Nov 2026 · 24. Nov. 2026 */
  formatDate(value: DateInput): string;
  /** 3:05 PM · 15:05 */
  formatTime(value: DateInput): string;
  /** Nov 24, 3:05 PM · 24. Nov., 15:05 */
  formatDateTime(value: DateInput): string;
  /** Tuesday 10:30 AM · Dienstag, 10:30 */
  formatWeekdayTime(value: DateInput): string;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  /** A fraction as a percentage: 0.048 → 4.8% · 4,8 % */
  formatPercent(fraction: number, options?: Intl.NumberFormatOptions): string;
  /** 24.5K · 24,5 k · 24.500 (German abbreviates from a million) */
  formatCompact(value: number): string;
  /** A file size: 1.5 MB · 1,5 MB (the units as the app has always written them) */
  formatFileSize(bytes: number): string;
  /** The zone's name in the language: Pacific Time · Nordamerikanische Westküstenzeit */
  formatZoneName(timeZone?: string): string;
}

function formatWith(settings: FormatSettings, options: Intl.DateTimeFormatOptions) {
  return (value: DateInput) => {
    const date = toDate(value);
    return date ? dateTimeFormat(settings, options).format(date) : '';
  };
}

const MEGABYTE = 1024 * 1024;

const formattersCache = new Map<string, Formatters>();

/** The formatters of one language and zone (the same object for the same settings). */
export function makeFormatters(settings: FormatSettings): Formatters {
  const key = `${settings.locale}|${settings.timeZone}`;
  const cached = formattersCache.get(key);
  if (cached) return cached;
  const { locale } = settings;
  const formatters: Formatters = {
    locale,
    timeZone: settings.timeZone,
    formatDate: formatWith(settings, DATE),
    formatTime: formatWith(settings, TIME),
    formatDateTime: formatWith(settings, DATE_TIME),
    formatWeekdayTime: formatWith(settings, WEEKDAY_TIME),
    formatNumber: (value, options) => numberFormat(locale, options).format(value),
    formatPercent: (fraction, options) =>
      numberFormat(locale, { style: 'percent', maximumFractionDigits: 1, ...options }).format(
        fraction,
      ),
    formatCompact: (value) =>
      numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value),
    formatFileSize: (bytes) =>
      bytes >= MEGABYTE
        ? `${numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / MEGABYTE)} MB`
        : `${numberFormat(locale).format(Math.max(1, Math.round(bytes / 1024)))} KB`,
    formatZoneName: (timeZone = settings.timeZone) => {
      const format = dateTimeFormat({ locale, timeZone }, { timeZoneName: 'longGeneric' });
      const name = format.formatToParts(Date.now()).find((p) => p.type === 'timeZoneName');
      return name?.value ?? timeZone;
    },
  };
  formattersCache.set(key, formatters);
  return formatters;
}
