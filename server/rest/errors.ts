import { isPgError, PoolTimeoutError } from '../db.ts';

/** PostgREST's error body. */
export interface RestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/** An error answered with PostgREST's status and body; thrown anywhere while serving a request. */
export class RestError extends Error {
  readonly status: number;
  readonly body: RestErrorBody;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.body = { code, message, details, hint };
    this.headers = headers;
  }
}

export function parseError(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details);
}

export function invalidBody(details: string | null = null): RestError {
  return new RestError(400, 'PGRST102', 'Empty or invalid json', details);
}

/** An Accept-Profile/Content-Profile naming a schema that is not exposed. */
export function invalidSchema(schema: string): RestError {
  return new RestError(
    406,
    'PGRST106',
    `Invalid schema: ${schema}`,
    null,
    'Only the following schemas are exposed: public',
  );
}

/** 416 for a range PostgREST cannot satisfy; `details` says which rule it broke. */
export function invalidRange(details: string, headers: Record<string, string> = {}): RestError {
  return new RestError(416, 'PGRST103', 'Requested range not satisfiable', details, null, headers);
}

/** PostgREST's answer when no database connection came free in time (db-pool-acquisition-timeout). */
export function poolTimeout(): RestError {
  return new RestError(504, 'PGRST003', 'Timed out acquiring connection from connection pool.');
}

export function tableNotFound(table: string): RestError {
  return new RestError(
    404,
    'PGRST205',
    `Could not find the table 'public.${table}' in the schema cache`,
  );
}

export function columnNotFound(table: string, column: string): RestError {
  return new RestError(400, '42703', `column ${table}.${column} does not exist`);
}

export function bodyColumnNotFound(table: string, column: string): RestError {
  return new RestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${table}' in the schema cache`,
  );
}

export function singularError(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}

/** HTTP status for a SQLSTATE, as PostgREST maps them (its "HTTP Status Codes" table). */
export function statusForSqlState(code: string, authenticated: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '42883':
    case '42P01':
      return 404;
    case '42501':
      return authenticated ? 403 : 401;
    case '42P17':
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case 'P0001':
      return 400;
  }
  const cls = code.slice(0, 2);
  switch (cls) {
    case '08':
    case '53':
      return 503;
    case '0L':
    case '0P':
    case '28':
      return 403;
    // Statement too complex (e.g. a huge IN list): the client asked for too much.
    case '54':
      return 413;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '55':
    case '57': // operator intervention, including 57014 (statement timeout, cancel)
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
  }
  if (/^PT\d{3}$/.test(code)) {
    const status = Number(code.slice(2));
    if (status >= 100 && status <= 599) return status;
  }
  return 400;
}

/** Turns whatever a request threw into PostgREST's answer; unknown faults become a logged 500. */
export function toRestError(e: unknown, authenticated: boolean): RestError {
  if (e instanceof RestError) return e;
  if (e instanceof PoolTimeoutError) return poolTimeout();
  if (isPgError(e) && /^[0-9A-Z]{5}$/.test(e.code!)) {
    const code = e.code!;
    const status = statusForSqlState(code, authenticated);
    return new RestError(
      status,
      code,
      e.message,
      e.detail ?? null,
      e.hint ?? null,
      // PostgREST challenges every 401 that comes from the database (42501 as anon).
      status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
    );
  }
  console.error('rest: unexpected failure:', e instanceof Error ? (e.stack ?? e.message) : e);
  return new RestError(500, 'PGRSTX00', 'Unexpected failure');
}
