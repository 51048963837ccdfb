import type { EnvReader } from './env.ts';

// Which addresses the ai-proxy function may call for a user. The base URL is the user's own text,
// so without a check the function would fetch whatever it names from inside the server's network
// (a cloud metadata service, a database's HTTP port, the API itself). Only https to a public name
// or address goes, unless the host is in AI_PROXY_ALLOWED_HOSTS (a model server the operator runs
// next to the app, or the fakes of the tests). Names are checked as written, not resolved: Edge
// Functions have no resolver API, and a public name that resolves to a private address is the
// operator's own DNS. The few ranges are written out here rather than taken from a package, since
// a function may only import what supabase/functions/deno.json maps.

export const AI_PROXY_DEFAULT_TIMEOUT_MS = 60_000;
const MAX_TIMEOUT_MS = 600_000;

/** `host` or `host:port` entries, lower-cased; an IPv6 address in brackets as URLs write it. */
export function parseAllowedHosts(text: string | undefined): string[] | null {
  const entries = (text ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((s) =>
      s.includes(':') && s.indexOf(':') !== s.lastIndexOf(':') && !s.startsWith('[') ? `[${s}]` : s,
    );
  const valid = entries.every((entry) => {
    try {
      const url = new URL(`http://${entry}`);
      return url.host === entry || url.hostname === entry || `${url.hostname}:80` === entry;
    } catch {
      return false;
    }
  });
  return valid ? entries : null;
}

export interface AiProxySettings {
  allowedHosts: string[];
  timeoutMs: number;
}

/** AI_PROXY_ALLOWED_HOSTS and AI_PROXY_TIMEOUT_MS; a value that does not parse counts as unset. */
export function aiProxySettings(env: EnvReader): AiProxySettings {
  const timeout = Number(env('AI_PROXY_TIMEOUT_MS'));
  return {
    allowedHosts: parseAllowedHosts(env('AI_PROXY_ALLOWED_HOSTS')) ?? [],
    timeoutMs:
      Number.isInteger(timeout) && timeout > 0 && timeout <= MAX_TIMEOUT_MS
        ? timeout
        : AI_PROXY_DEFAULT_TIMEOUT_MS,
  };
}

function isAllowed(url: URL, allowedHosts: string[]): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowedHosts.some(
    (entry) => entry === url.hostname || entry === `${url.hostname}:${port}`,
  );
}

function v4Parts(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return m ? m.slice(1).map(Number) : null;
}

/** This network, private, shared (CGNAT), loopback, link-local (metadata), benchmark, multicast, reserved. */
function isPrivateV4([a = 0, b = 0, c = 0]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b < 128) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b < 32) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && c === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** The eight groups of an IPv6 address as the URL parser writes it (hex, `::` compressed). */
function v6Groups(address: string): number[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const fill = 8 - head.length - tail.length;
  if (halves.length === 1 ? fill !== 0 : fill < 0) return null;
  const groups = [...head, ...Array<number>(fill).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function embeddedV4(hi: number, lo: number): number[] {
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
}

function isPrivateV6(g: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return true;
  // IPv4-mapped ::ffff:a.b.c.d: as the IPv4 address
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff)
    return isPrivateV4(embeddedV4(g6, g7));
  // NAT64 64:ff9b::a.b.c.d and the local-use 64:ff9b:1::/48
  if (g0 === 0x64 && g1 === 0xff9b) return g2 !== 0 || isPrivateV4(embeddedV4(g6, g7));
  // 6to4 2002:a.b.c.d::
  if (g0 === 0x2002) return isPrivateV4(embeddedV4(g1, g2));
  return (
    (g0 & 0xfe00) === 0xfc00 || // unique local fc00::/7 (AWS metadata fd00:ec2::254)
    (g0 & 0xffc0) === 0xfe80 || // link-local
    (g0 & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (g0 & 0xff00) === 0xff00 // multicast
  );
}

const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$/;

/** Whether the host is a local, private or special-purpose one rather than a public one. */
function privateHost(hostname: string): boolean {
  const host = hostname.replace(/\.$/, '');
  if (host.startsWith('[')) {
    const groups = v6Groups(host.slice(1, -1));
    return groups === null || isPrivateV6(groups);
  }
  const v4 = v4Parts(host);
  if (v4) return isPrivateV4(v4);
  // A single-label name (`intranet`, `metadata`) resolves only through the server's own network.
  return !host.includes('.') || LOCAL_NAME.test(host);
}

export type BaseUrlCheck = { ok: true; url: string } | { ok: false; error: string };

export const BASE_URL_MAX = 2048;

/**
 * The user's API Base URL, without trailing slashes, if the server may call it; else the reason
 * to show.
 */
export function checkBaseUrl(raw: string, allowedHosts: string[]): BaseUrlCheck {
  const text = raw.trim().replace(/\/+$/, '');
  if (!text) return { ok: false, error: 'Please enter the API Base URL' };
  if (text.length > BASE_URL_MAX)
    return { ok: false, error: `The API Base URL must be at most ${BASE_URL_MAX} characters` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: 'The API Base URL must be a web address starting with https://' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, error: 'The API Base URL must be a web address starting with https://' };
  if (url.username || url.password)
    return { ok: false, error: 'The API Base URL must not contain a user name or password' };
  if (url.search || url.hash || text.includes('?') || text.includes('#'))
    return { ok: false, error: 'The API Base URL must not contain ? or #' };
  const normalized = url.href.replace(/\/+$/, '');
  if (isAllowed(url, allowedHosts)) return { ok: true, url: normalized };
  if (privateHost(url.hostname)) {
    return {
      ok: false,
      error: `The server does not call local or private addresses (${url.hostname}). Keep the key on this device to use a model on your own network, or ask the administrator to allow this host.`,
    };
  }
  if (url.protocol !== 'https:') {
    return {
      ok: false,
      error:
        'The server calls only https:// addresses. Use https, or ask the administrator to allow this host.',
    };
  }
  return { ok: true, url: normalized };
}

/** A body read to its end, or null as soon as it passes `max` bytes (the rest is not read). */
export async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  max: number,
): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
