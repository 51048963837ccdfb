import { parseError } from './errors.ts';
import { parseName, splitTopLevel } from './parse-tokens.ts';

export type SelectItem =
  { type: 'star' } | { type: 'field'; name: string; alias: string | null; cast: string | null };

/** Casts a select item may use, spelled as SQL; anything else is rejected before SQL is built. */
export const ALLOWED_CASTS: Record<string, string> = {
  text: 'text',
  varchar: 'varchar',
  int: 'integer',
  int2: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  integer: 'integer',
  smallint: 'smallint',
  bigint: 'bigint',
  numeric: 'numeric',
  float4: 'real',
  float8: 'double precision',
  real: 'real',
  bool: 'boolean',
  boolean: 'boolean',
  json: 'json',
  jsonb: 'jsonb',
  uuid: 'uuid',
  date: 'date',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
};

export function parseSelect(raw: string | null): SelectItem[] {
  if (raw === null || raw === '' || raw === '*') return [{ type: 'star' }];
  const items: SelectItem[] = [];
  for (const part of splitTopLevel(raw, 'select')) {
    if (part === '*') {
      items.push({ type: 'star' });
      continue;
    }
    if (part.includes('(') || part.startsWith('...')) {
      throw parseError(
        'failed to parse select parameter (' + raw + ')',
        `"${part}" embeds a resource or calls an aggregate, which this API does not support`,
      );
    }
    let rest = part;
    let alias: string | null = null;
    let cast: string | null = null;
    const castAt = rest.lastIndexOf('::');
    if (castAt > 0 && !rest.slice(castAt).includes('"')) {
      cast = rest.slice(castAt + 2).toLowerCase();
      rest = rest.slice(0, castAt);
      if (!(cast in ALLOWED_CASTS))
        throw parseError(
          'failed to parse select parameter (' + raw + ')',
          `unsupported cast "${cast}"`,
        );
    }
    const m = /^("(?:[^"\\]|\\.)+"|[^":]+):(?!:)(.+)$/.exec(rest);
    if (m) {
      alias = parseName(m[1]!, 'select');
      rest = m[2]!;
    }
    items.push({ type: 'field', name: parseName(rest, 'select'), alias, cast });
  }
  return items;
}
