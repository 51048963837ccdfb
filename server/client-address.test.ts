import { describe, expect, it } from 'vitest';
import { isLoopback, isLoopbackHost, normalizeAddress, validProxyEntry } from './client-address.ts';

describe('client addresses', () => {
  it('normalizes the forms proxies and sockets write', () => {
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress(' 198.51.100.7:4711 ')).toBe('198.51.100.7');
    expect(normalizeAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalizeAddress('2001:db8::1')).toBe('2001:db8::1');
  });

  it('knows loopback addresses and host names, and nothing else', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(a)).toBe(true);
    for (const a of ['0.0.0.0', '::', '192.0.2.2', 'unknown', '128.0.0.1'])
      expect(isLoopback(a)).toBe(false);
    for (const h of [
      'localhost',
      'localhost:5173',
      'app.localhost:1',
      '127.0.0.1:54321',
      '[::1]:5173',
      '::1',
    ])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of [
      '0.0.0.0',
      '::',
      'evil.example:54321',
      'localhost.evil.example',
      '192.0.2.2:5173',
    ])
      expect(isLoopbackHost(h), h).toBe(false);
  });

  it('accepts addresses and CIDR ranges as trusted proxies', () => {
    for (const e of ['10.0.0.5', '10.0.0.0/8', 'fd00::/8', '::1'])
      expect(validProxyEntry(e), e).toBe(true);
    for (const e of ['proxy.lan', '10.0.0.0/33', '10.0.0.0/8/1', 'fd00::/129', '10.0.0.0/x', ''])
      expect(validProxyEntry(e), e).toBe(false);
  });
});
