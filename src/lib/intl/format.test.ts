import { describe, expect, it } from 'vitest';
import { dateTimeFormat, makeFormatters, numberFormat } from './format';

// 20:05 UTC on 24 November 2026: 15:05 in New York, 21:05 in Paris.
const AT = '2026-11-24T20:05:00.000Z';
const inNewYork = (locale: string) => makeFormatters({ locale, timeZone: 'America/New_York' });

// Intl puts a narrow no-break space in some of these; compare what a reader sees.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatting in each language', () => {
  it.each([
    ['en-US', 'Nov 24, 2026', '3:05 PM', 'Nov 24, 3:05 PM', '1,234.5', '4.8%'],
    ['en-GB', '24 Nov 2026', '15:05', '24 Nov, 15:05', '1,234.5', '4.8%'],
    ['es', '24 nov 2026', '15:05', '24 nov, 15:05', '1234,5', '4,8 %'],
    ['fr', '24 nov. 2026', '15:05', '24 nov., 15:05', '1 234,5', '4,8 %'],
    ['de', '24. Nov. 2026', '15:05', '24. Nov., 15:05', '1.234,5', '4,8 %'],
  ])('%s: %s · %s · %s · %s · %s', (locale, date, time, dateTime, number, percent) => {
    const f = inNewYork(locale);
    expect(plain(f.formatDate(AT))).toBe(date);
    expect(plain(f.formatTime(AT))).toBe(time);
    expect(plain(f.formatDateTime(AT))).toBe(dateTime);
    expect(plain(f.formatNumber(1234.5))).toBe(number);
    expect(plain(f.formatPercent(0.048))).toBe(percent);
  });

  it('writes weekdays, signed changes, compact figures and file sizes in the language', () => {
    expect(plain(inNewYork('en-US').formatWeekdayTime(AT))).toBe('Tuesday 3:05 PM');
    expect(plain(inNewYork('de').formatWeekdayTime(AT))).toBe('Dienstag, 15:05');
    expect(inNewYork('en-US').formatPercent(0.12, { signDisplay: 'exceptZero' })).toBe('+12%');
    expect(plain(inNewYork('fr').formatPercent(0.12, { signDisplay: 'exceptZero' }))).toBe('+12 %');
    expect(inNewYork('en-US').formatCompact(24_500)).toBe('24.5K');
    expect(inNewYork('en-GB').formatCompact(24_500)).toBe('24.5k');
    expect(inNewYork('de').formatCompact(24_500)).toBe('24.500');
    expect(inNewYork('en-US').formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(plain(inNewYork('de').formatFileSize(1.5 * 1024 * 1024))).toBe('1,5 MB');
    expect(inNewYork('en-US').formatFileSize(200)).toBe('1 KB');
    expect(inNewYork('de').formatFileSize(1_000 * 1024)).toBe('1.000 KB');
  });

  it('shows dates and times in the chosen zone, summer time included', () => {
    const paris = makeFormatters({ locale: 'en-GB', timeZone: 'Europe/Paris' });
    expect(paris.formatTime(AT)).toBe('21:05');
    expect(paris.formatTime('2026-07-01T20:05:00Z')).toBe('22:05');
    // Late evening in Los Angeles is already the next day in Paris.
    const la = makeFormatters({ locale: 'en-GB', timeZone: 'America/Los_Angeles' });
    expect(la.formatDate('2026-11-25T06:30:00Z')).toBe('24 Nov 2026');
    expect(paris.formatDate('2026-11-25T06:30:00Z')).toBe('25 Nov 2026');
  });

  it('names the zone in the language', () => {
    expect(inNewYork('en-US').formatZoneName()).toBe('Eastern Time');
    expect(inNewYork('en-US').formatZoneName('America/Los_Angeles')).toBe('Pacific Time');
    expect(inNewYork('de').formatZoneName('Europe/Paris')).toBe('Mitteleuropäische Zeit');
  });

  it('gives nothing for an invalid date instead of "Invalid Date"', () => {
    expect(inNewYork('en-US').formatDate('not a date')).toBe('');
    expect(inNewYork('en-US').formatDateTime('')).toBe('');
  });

  it('builds each formatter once', () => {
    expect(inNewYork('fr')).toBe(inNewYork('fr'));
    const settings = { locale: 'es', timeZone: 'Asia/Tokyo' };
    expect(dateTimeFormat(settings, { hour: 'numeric' })).toBe(
      dateTimeFormat({ ...settings }, { hour: 'numeric' }),
    );
    expect(numberFormat('de', { style: 'percent' })).toBe(numberFormat('de', { style: 'percent' }));
  });
});
