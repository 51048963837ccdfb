// The zones a user can choose: Settings → Appearance's four (the spec names them by offset) and
// the onboarding wizard's list.

/** The onboarding wizard's time zone choices (spec §2, Scheduling Preferences). */
export const ONBOARDING_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Toronto',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'Australia/Sydney',
] as const;

/**
 * The spec's appearance choices, each the standard offset of a real zone, so that summer time is
 * right: a fixed UTC-8 would put a Los Angeles post an hour off from March to November. Each is
 * the zone most users of that offset live by, and the one the onboarding list already has:
 * Pacific Time (Los Angeles), Eastern Time (New York), the UK (London; UTC+0 users in Lisbon or
 * Dublin share its rules), and Central European Time (Paris; the same rules as Berlin, Madrid and
 * Rome).
 */
export const APPEARANCE_TIME_ZONES = [
  { label: 'UTC-8', timeZone: 'America/Los_Angeles' },
  { label: 'UTC-5', timeZone: 'America/New_York' },
  { label: 'UTC+0', timeZone: 'Europe/London' },
  { label: 'UTC+1', timeZone: 'Europe/Paris' },
] as const;

export interface TimeZoneOption {
  timeZone: string;
  /** The spec's label for its four, the zone's name for the rest. */
  label: string;
}

/**
 * The time zone menu: the spec's four, then the onboarding zones they do not cover, then the
 * zone in use (the device's, say) when it is neither.
 */
export function timeZoneOptions(current: string): TimeZoneOption[] {
  const options: TimeZoneOption[] = APPEARANCE_TIME_ZONES.map((z) => ({ ...z }));
  const listed = (zone: string) => options.some((o) => o.timeZone === zone);
  for (const zone of ONBOARDING_TIME_ZONES)
    if (!listed(zone)) options.push({ timeZone: zone, label: zone });
  if (current && !listed(current)) options.push({ timeZone: current, label: current });
  return options;
}

/** The city of a zone's name: America/Los_Angeles → Los Angeles. */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').at(-1) ?? timeZone).replace(/_/g, ' ');
}
