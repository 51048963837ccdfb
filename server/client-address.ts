import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';

/** Carries the per-process secret with which the app server's proxy vouches for its X-Forwarded-For. */
export const PROXY_SECRET_HEADER = 'x-postbloom-proxy';

export interface ForwardingTrust {
  /** The secret `npm start` shares between its app proxy and this API; null trusts no app proxy. */
  proxySecret: string | null;
  /** Addresses or CIDR ranges of reverse proxies whose X-Forwarded-For is believed. */
  trustedProxies: readonly string[];
}

export interface ClientInfo {
  /** The client's address as far as trusted hops tell, or the socket's peer. */
  address: string;
  /**
   * Forwarding headers nobody trusted vouches for: an unknown proxy may stand between the client
   * and this server, so `address` may be that proxy rather than the client.
   */
  viaUnknownProxy: boolean;
  /** The Host the client asked for (X-Forwarded-Host when a trusted hop set it). */
  host: string | null;
}

declare module 'hono' {
  interface ContextVariableMap {
    postbloomClient: ClientInfo;
  }
}

/** `::ffff:1.2.3.4` → `1.2.3.4`; `[::1]:80` and `1.2.3.4:80` (as some proxies write them) → bare. */
export function normalizeAddress(raw: string): string {
  let a = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  if (a.startsWith('::ffff:') && isIP(a.slice(7)) === 4) a = a.slice(7);
  return a;
}

export function isLoopback(address: string): boolean {
  const a = normalizeAddress(address);
  return a === '::1' || (isIP(a) === 4 && a.startsWith('127.'));
}

/** `localhost`, `127.x.x.x` or `[::1]`, with or without a port, as in a Host header or a URL. */
export function isLoopbackHost(host: string): boolean {
  let name = host.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(name);
  if (bracketed) name = bracketed[1]!;
  else if (!isIP(name)) name = name.replace(/:\d+$/, '');
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return isIP(name) !== 0 && isLoopback(name);
}

/** True when every entry is an address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
export function validProxyEntry(entry: string): boolean {
  const [addr, bits, ...rest] = entry.split('/');
  const family = isIP(addr ?? '');
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

function blockList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [addr, bits] = entry.split('/');
    const type = isIP(addr!) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(normalizeAddress(addr!), type);
    else list.addSubnet(addr!, Number(bits), type);
  }
  return list;
}

/** The socket's peer, normalized; 'unknown' when the request came through no socket. */
export function socketAddress(c: Context): string {
  try {
    return normalizeAddress(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Works out who is asking: the socket's peer, unless that peer is the app's own proxy (it shows
 * the shared secret) or a configured trusted proxy; then X-Forwarded-For is walked from the right,
 * past trusted hops, to the first address nobody trusted wrote. Anything left of it is the
 * client's own claim and is ignored, so forging the header gains nothing.
 */
function resolverFor(trust: ForwardingTrust): (c: Context) => ClientInfo {
  const trusted = blockList(trust.trustedProxies);
  const isTrusted = (a: string) => {
    const family = isIP(a);
    return family !== 0 && trusted.check(a, family === 6 ? 'ipv6' : 'ipv4');
  };
  return (c) => resolve(c, trust, isTrusted);
}

function resolve(
  c: Context,
  trust: ForwardingTrust,
  isTrusted: (address: string) => boolean,
): ClientInfo {
  const peer = socketAddress(c);
  const secret = c.req.header(PROXY_SECRET_HEADER);
  const fromAppProxy =
    trust.proxySecret !== null &&
    secret !== undefined &&
    timingSafeEqual(digest(secret), digest(trust.proxySecret));
  const xff = c.req.header('x-forwarded-for');
  const otherForwarding = Boolean(c.req.header('forwarded') || c.req.header('x-real-ip'));

  if (!fromAppProxy && !isTrusted(peer)) {
    return {
      address: peer,
      viaUnknownProxy: Boolean(xff) || otherForwarding,
      host: c.req.header('host') ?? null,
    };
  }
  const hops = (xff ?? '')
    .split(',')
    .map((h) => normalizeAddress(h))
    .filter(Boolean);
  let address = peer;
  let i = hops.length - 1;
  for (; i >= 0; i--) {
    address = hops[i]!;
    if (!isTrusted(address)) break;
  }
  return {
    address,
    // Hops left of the client mean it forwarded for someone; a Forwarded or X-Real-IP header
    // came from a proxy this server was not told about, unless reverse proxies are configured.
    viaUnknownProxy: i > 0 || (otherForwarding && trust.trustedProxies.length === 0),
    host: c.req.header('x-forwarded-host') ?? c.req.header('host') ?? null,
  };
}

/** Resolves the client once per request, for clientAddress() and clientInfo(). */
export function clientResolver(trust: ForwardingTrust): MiddlewareHandler {
  const resolveOne = resolverFor(trust);
  return async (c, next) => {
    c.set('postbloomClient', resolveOne(c));
    // Handlers (server functions above all) see the request as sent, minus the proxy's secret.
    if (c.req.header(PROXY_SECRET_HEADER) !== undefined)
      c.req.raw.headers.delete(PROXY_SECRET_HEADER);
    await next();
  };
}

const socketOnly = resolverFor({ proxySecret: null, trustedProxies: [] });

/** Without the resolver in front, only the socket counts: no forwarding header is believed. */
export function clientInfo(c: Context): ClientInfo {
  return (c.get('postbloomClient') as ClientInfo | undefined) ?? socketOnly(c);
}

export function clientAddress(c: Context): string {
  return clientInfo(c).address;
}
