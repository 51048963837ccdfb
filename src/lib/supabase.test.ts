import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONFIG_CACHE_KEY, loadSupabaseConfig, parseSupabaseConfig } from './supabase';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const served = { status: 200, body: '{}' as string, requests: 0 };
let server: Server;
let configUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    served.requests += 1;
    if (request.url !== '/local/config') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(served.status, { 'content-type': 'application/json' }).end(served.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/local/config`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  served.status = 200;
  served.body = JSON.stringify({ url: 'http://127.0.0.1:54321', anonKey: 'anon-key-1' });
  served.requests = 0;
});

const noEnv = {};

describe('loadSupabaseConfig', () => {
  it('prefers the build-time environment and makes no request', async () => {
    const storage = new MemoryStorage();
    const config = await loadSupabaseConfig({
      env: { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'public-anon' },
      configUrl,
      storage,
    });
    expect(config).toEqual({ url: 'https://abc.supabase.co', anonKey: 'public-anon' });
    expect(served.requests).toBe(0);
  });

  it('refuses half an environment with a clear message', async () => {
    await expect(
      loadSupabaseConfig({ env: { VITE_SUPABASE_URL: 'https://abc.supabase.co' }, configUrl }),
    ).rejects.toThrow('VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY must be set together');
  });

  it('asks /local/config when the environment is unset, and caches the answer', async () => {
    const storage = new MemoryStorage();
    const config = await loadSupabaseConfig({ env: noEnv, configUrl, storage, online: true });
    expect(config).toEqual({ url: 'http://127.0.0.1:54321', anonKey: 'anon-key-1' });
    expect(served.requests).toBe(1);
    expect(JSON.parse(storage.getItem(CONFIG_CACHE_KEY) ?? 'null')).toEqual(config);
  });

  it('takes a fresh answer over the cache when online (the server may have new keys)', async () => {
    const storage = new MemoryStorage();
    storage.setItem(
      CONFIG_CACHE_KEY,
      JSON.stringify({ url: 'http://old.example', anonKey: 'old' }),
    );
    const config = await loadSupabaseConfig({ env: noEnv, configUrl, storage, online: true });
    expect(config.anonKey).toBe('anon-key-1');
    expect(JSON.parse(storage.getItem(CONFIG_CACHE_KEY) ?? 'null').anonKey).toBe('anon-key-1');
  });

  it('boots offline from the cache without waiting for the network', async () => {
    const storage = new MemoryStorage();
    storage.setItem(
      CONFIG_CACHE_KEY,
      JSON.stringify({ url: 'http://127.0.0.1:1', anonKey: 'cached' }),
    );
    const config = await loadSupabaseConfig({ env: noEnv, configUrl, storage, online: false });
    expect(config).toEqual({ url: 'http://127.0.0.1:1', anonKey: 'cached' });
    expect(served.requests).toBe(0);
  });

  it('falls back to the cache when the server cannot be reached or answers badly', async () => {
    const storage = new MemoryStorage();
    storage.setItem(
      CONFIG_CACHE_KEY,
      JSON.stringify({ url: 'http://127.0.0.1:1', anonKey: 'cached' }),
    );
    served.status = 502;
    expect(
      (await loadSupabaseConfig({ env: noEnv, configUrl, storage, online: true })).anonKey,
    ).toBe('cached');
    const unreachable = 'http://127.0.0.1:9/local/config';
    expect(
      (await loadSupabaseConfig({ env: noEnv, configUrl: unreachable, storage, online: true }))
        .anonKey,
    ).toBe('cached');
  });

  it('fails with a message naming the config address when there is nothing to fall back to', async () => {
    served.body = JSON.stringify({ url: 'not a url', anonKey: 'x' });
    await expect(
      loadSupabaseConfig({ env: noEnv, configUrl, storage: new MemoryStorage(), online: true }),
    ).rejects.toThrow(`Could not load the server settings from ${configUrl}`);
    served.body = 'not json';
    await expect(
      loadSupabaseConfig({ env: noEnv, configUrl, storage: null, online: true }),
    ).rejects.toThrow(configUrl);
  });

  it('ignores a corrupt cache entry', async () => {
    const storage = new MemoryStorage();
    storage.setItem(CONFIG_CACHE_KEY, '{broken');
    served.status = 500;
    await expect(
      loadSupabaseConfig({ env: noEnv, configUrl, storage, online: false }),
    ).rejects.toThrow('Could not load the server settings');
  });
});

describe('parseSupabaseConfig', () => {
  it('accepts only an http(s) URL and a non-empty key', () => {
    expect(parseSupabaseConfig({ url: 'https://x.supabase.co', anonKey: 'k' })).toEqual({
      url: 'https://x.supabase.co',
      anonKey: 'k',
    });
    expect(parseSupabaseConfig({ url: 'javascript:alert(1)', anonKey: 'k' })).toBeNull();
    expect(parseSupabaseConfig({ url: 'https://x.supabase.co', anonKey: ' ' })).toBeNull();
    expect(parseSupabaseConfig({ url: 42, anonKey: 'k' })).toBeNull();
    expect(parseSupabaseConfig(null)).toBeNull();
    expect(parseSupabaseConfig('https://x')).toBeNull();
  });
});
