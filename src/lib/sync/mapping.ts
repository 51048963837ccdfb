// Readers for server rows (to_jsonb output): a malformed value falls back instead of failing.

export function isoOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : new Date(t).toISOString();
}

export const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : fallback;

export const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' ? value : null;

export const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
