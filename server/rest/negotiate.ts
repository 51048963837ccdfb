import type { Context } from 'hono';
import { invalidBody, invalidSchema, RestError, singularError, toRestError } from './errors.ts';
import { parsePrefer, type Preferences } from './parse-query.ts';
import type { RequestAuth } from './auth-role.ts';

/** The HTTP side of a REST request: media types, profiles, Prefer, bodies and row responses. */

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

export interface Negotiated {
  singular: boolean;
  stripNulls: boolean;
}

/** The response media type from Accept: JSON array (default) or a single object. */
export function negotiate(accept: string | undefined): Negotiated {
  if (!accept || accept.trim() === '') return { singular: false, stripNulls: false };
  for (const part of accept.split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object')
      return { singular: true, stripNulls };
    if (
      type === 'application/json' ||
      type === 'application/vnd.pgrst.array+json' ||
      type === '*/*' ||
      type === 'application/*'
    ) {
      return { singular: false, stripNulls };
    }
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`);
}

export function checkProfile(c: Context): void {
  for (const header of ['accept-profile', 'content-profile']) {
    const value = c.req.header(header);
    if (value !== undefined && value !== 'public') throw invalidSchema(value);
  }
}

function checkContentType(c: Context): void {
  const type = c.req.header('content-type');
  if (!type) return;
  const media = type.split(';')[0]!.trim().toLowerCase();
  if (
    media !== 'application/json' &&
    !(media.startsWith('application/') && media.endsWith('+json'))
  ) {
    throw new RestError(415, 'PGRST107', `Content-Type not acceptable: ${type}`);
  }
}

export function preferences(c: Context): Preferences {
  return parsePrefer(c.req.header('prefer'));
}

/** The Preference-Applied header's value, or null when nothing was applied. */
export function appliedPreferences(prefs: Preferences, extra: string[] = []): string | null {
  const applied = [...extra];
  if (prefs.return) applied.push(`return=${prefs.return}`);
  if (prefs.count) applied.push(`count=${prefs.count}`);
  return applied.length ? applied.join(', ') : null;
}

export function queryParams(c: Context): [string, string][] {
  const url = c.req.url;
  const at = url.indexOf('?');
  return at === -1 ? [] : [...new URLSearchParams(url.slice(at + 1)).entries()];
}

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export async function readJson(
  c: Context,
  emptyAs: string | null,
): Promise<{ raw: string; value: JsonValue }> {
  checkContentType(c);
  let raw = await c.req.text();
  if (raw.trim() === '') {
    if (emptyAs === null) throw invalidBody();
    raw = emptyAs;
  }
  try {
    return { raw, value: JSON.parse(raw) as JsonValue };
  } catch (e) {
    throw invalidBody((e as Error).message);
  }
}

export function isObject(v: JsonValue): v is { [key: string]: JsonValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A body that must be one JSON object: its text and its keys. */
export async function readJsonObject(
  c: Context,
  emptyAs: string | null,
  notObject: string,
): Promise<{ raw: string; keys: string[] }> {
  const { raw, value } = await readJson(c, emptyAs);
  if (!isObject(value)) throw invalidBody(notObject);
  return { raw, keys: Object.keys(value) };
}

export function send(
  body: string | null,
  status: number,
  headers: Record<string, string> = {},
): Response {
  return new Response(body, { status, headers });
}

export function contentRange(offset: number, n: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return n > 0 ? `${offset}-${offset + n - 1}/${t}` : `*/${t}`;
}

/** The body to send: the JSON array, or its only element when the client asked for one object. */
function shapeBody(body: string, n: number, singular: boolean): string {
  if (!singular) return body;
  if (n !== 1) throw singularError(n);
  return body.slice(1, -1).trim();
}

export function mediaType(singular: boolean): string {
  return singular ? OBJECT_TYPE : JSON_TYPE;
}

/** `n` rows as JSON in the media type the client negotiated; a HEAD request gets the headers alone. */
export function sendRows(
  c: Context,
  rows: { body: string; n: number },
  singular: boolean,
  status: number,
  headers: Record<string, string>,
): Response {
  const body = shapeBody(rows.body, rows.n, singular);
  return send(c.req.method === 'HEAD' ? null : body, status, {
    'Content-Type': mediaType(singular),
    ...headers,
  });
}

/** Anything thrown while serving a request, answered as PostgREST's error body. */
export function respondError(e: unknown, auth: RequestAuth | null): Response {
  const err = toRestError(e, auth?.authenticated ?? false);
  return send(JSON.stringify(err.body), err.status, {
    'Content-Type': JSON_TYPE,
    ...err.headers,
  });
}
