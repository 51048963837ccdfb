import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as standIns from './supabase-unused-parts';

// What the bundle's supabase-js does with the modules the build replaces by these stand-ins.
const supabaseJs = readFileSync(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('@supabase/supabase-js/package.json')),
    'dist/index.mjs',
  ),
  'utf8',
);

function namedImports(module: string): string[] {
  const match = new RegExp(`import \\{([^}]*)\\} from "${module}"`).exec(supabaseJs);
  if (!match) throw new Error(`supabase-js no longer imports from ${module}`);
  return match[1]!.split(',').map((name) => name.trim());
}

describe('the stand-ins for supabase-js’s Realtime and Storage clients', () => {
  it('export every name supabase-js imports from the modules they replace', () => {
    const names = [
      ...namedImports('@supabase/realtime-js'),
      ...namedImports('@supabase/storage-js'),
    ];
    expect(names).toEqual(expect.arrayContaining(['RealtimeClient', 'StorageClient']));
    for (const name of names) expect(standIns).toHaveProperty(name);
  });

  it('have every method supabase-js calls on its Realtime client', () => {
    const called = new Set([...supabaseJs.matchAll(/this\.realtime\.(\w+)/g)].map((m) => m[1]!));
    expect(called).toContain('setAuth');
    const realtime = new standIns.RealtimeClient();
    for (const method of called)
      expect(typeof (realtime as unknown as Record<string, unknown>)[method]).toBe('function');
  });

  it('take a new access token quietly and refuse a channel or a bucket clearly', async () => {
    const realtime = new standIns.RealtimeClient();
    await expect(realtime.setAuth()).resolves.toBeUndefined();
    expect(realtime.getChannels()).toEqual([]);
    expect(() => realtime.channel()).toThrow(/leaves out Supabase Realtime and Storage/);
    expect(() => new standIns.StorageClient().from()).toThrow(/leaves out/);
  });
});
