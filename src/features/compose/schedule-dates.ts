/** Date and time inputs (local time) as an ISO instant; null when either is missing or invalid. */
export function scheduledForFrom(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const instant = new Date(`${date}T${time}`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An ISO instant as the local date and time inputs show it. */
export function dateTimeInputs(iso: string): { date: string; time: string } | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  return {
    date: `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`,
    time: `${pad(instant.getHours())}:${pad(instant.getMinutes())}`,
  };
}

/** The sample schedule the date and time inputs start from: tomorrow at 10:30. */
export function sampleSchedule(now: Date = new Date()): { date: string; time: string } {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 10, 30);
  return dateTimeInputs(tomorrow.toISOString()) ?? { date: '', time: '10:30' };
}
