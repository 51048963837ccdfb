// The request headers PostgREST reads alongside the query string: Prefer and Range.

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
}

/** `Prefer` headers, possibly several, comma-joined; unknown preferences are ignored as PostgREST does. */
export function parsePrefer(header: string | null | undefined): Preferences {
  const prefs: Preferences = { return: null, count: null, resolution: null, missing: null };
  if (!header) return prefs;
  for (const item of header.split(',')) {
    const [k, v] = item
      .trim()
      .split('=', 2)
      .map((s) => s.trim().toLowerCase());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only'))
      prefs.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated'))
      prefs.count = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates'))
      prefs.resolution = v;
    else if (k === 'missing' && (v === 'default' || v === 'null')) prefs.missing = v;
  }
  return prefs;
}

/** `Range: 0-9` (items) → offset/limit; null when absent or not an item range. */
export function parseRange(
  header: string | null | undefined,
  unit: string | null | undefined,
): { offset: number; limit: number | null } | null {
  if (!header) return null;
  if (unit && unit.trim().toLowerCase() !== 'items') return null;
  const m = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(header);
  if (!m) return null;
  const from = Number(m[1]);
  if (m[2] === '') return { offset: from, limit: null };
  const to = Number(m[2]);
  if (to < from) return { offset: from, limit: -1 };
  return { offset: from, limit: to - from + 1 };
}
