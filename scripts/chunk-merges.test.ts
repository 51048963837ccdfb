import { describe, expect, it } from 'vitest';
import { importCycle } from '../tests/support/import-cycle.ts';
import { mergesOf, type EntryPoints, type PlannedChunk } from './chunk-merges.ts';

const ROOT = '/app';
const ENTRY_POINTS: EntryPoints = {
  public: ['src/landing.tsx'],
  store: ['src/store.ts'],
  frame: ['src/layout.tsx'],
  sync: ['src/sync.ts'],
  pages: { dashboard: 'src/dashboard.tsx', create: 'src/create.tsx', settings: 'src/settings.tsx' },
};

/** A bundle as the bundler would hand it over: one module a chunk, named as its file. */
function bundle(
  spec: Record<
    string,
    { imports?: string[]; entry?: boolean; onDemand?: boolean; facade?: string; name?: string }
  >,
): PlannedChunk[] {
  return Object.entries(spec).map(([file, chunk]) => ({
    fileName: file,
    name: chunk.name ?? file,
    imports: chunk.imports ?? [],
    isEntry: chunk.entry ?? false,
    isDynamicEntry: chunk.onDemand ?? chunk.facade !== undefined,
    facadeModuleId: chunk.facade ? `${ROOT}/${chunk.facade}` : null,
    moduleIds: [`${ROOT}/${chunk.facade ?? `src/${file}.ts`}`],
  }));
}

/** What each module is merged into, by the file its chunk had. */
function plan(chunks: PlannedChunk[], keep: string[] = []): Record<string, string> {
  const merges = mergesOf(chunks, { root: ROOT, keep: new Set(keep), entryPoints: ENTRY_POINTS });
  return Object.fromEntries(
    chunks.flatMap((chunk) => {
      const group = merges.get(chunk.moduleIds[0]!);
      return group ? [[chunk.fileName, group]] : [];
    }),
  );
}

/** Whether a chunk of the merged bundle would import one that imports it back. */
function hasCycle(chunks: PlannedChunk[], merged: Record<string, string>): boolean {
  const groupOf = (file: string) => merged[file] ?? file;
  const imports = new Map<string, Set<string>>();
  for (const chunk of chunks) {
    const from = groupOf(chunk.fileName);
    const into = imports.get(from) ?? new Set<string>();
    for (const file of chunk.imports) if (groupOf(file) !== from) into.add(groupOf(file));
    imports.set(from, into);
  }
  return importCycle(imports) !== undefined;
}

/** The entry, a public page and every signed-in start, with `more` beside them. */
function app(more: Parameters<typeof bundle>[0] = {}, starts: Parameters<typeof bundle>[0] = {}) {
  return bundle({
    index: { entry: true, imports: ['react', 'shared-public'] },
    react: { name: 'react' },
    'shared-public': {},
    landing: { facade: 'src/landing.tsx', imports: ['shared-public', 'public-and-store'] },
    'public-and-store': {},
    store: { facade: 'src/store.ts' },
    layout: { facade: 'src/layout.tsx' },
    sync: { facade: 'src/sync.ts' },
    dashboard: { facade: 'src/dashboard.tsx' },
    create: { facade: 'src/create.tsx' },
    settings: { facade: 'src/settings.tsx' },
    ...starts,
    ...more,
  });
}

describe('chunk merges', () => {
  it('puts what the store imports in one chunk, and leaves what a visitor loads as it is', () => {
    const chunks = app(
      { slice: { imports: ['react', 'repository'] }, repository: {} },
      {
        store: {
          facade: 'src/store.ts',
          imports: ['slice', 'public-and-store', 'shared-public', 'vendor'],
        },
        vendor: { name: 'vendor-supabase' },
      },
    );
    const merged = plan(chunks, ['react', 'vendor-supabase']);
    expect(merged).toEqual({ slice: 'signed-in-store', repository: 'signed-in-store' });
    expect(hasCycle(chunks, merged)).toBe(false);
  });

  it('gives the frame and the sync a chunk each, and the store what they share with it', () => {
    const chunks = app(
      {
        'store-and-frame': {},
        'frame-only': { imports: ['store-and-frame'] },
        'frame-and-sync': {},
        'sync-only': { imports: ['frame-and-sync'] },
      },
      {
        store: { facade: 'src/store.ts', imports: ['store-and-frame'] },
        layout: { facade: 'src/layout.tsx', imports: ['frame-only', 'frame-and-sync', 'store'] },
        sync: { facade: 'src/sync.ts', imports: ['sync-only'] },
      },
    );
    const merged = plan(chunks);
    expect(merged).toEqual({
      'store-and-frame': 'signed-in-store',
      'frame-only': 'signed-in-frame',
      'frame-and-sync': 'signed-in-frame',
      'sync-only': 'signed-in-sync',
    });
    expect(hasCycle(chunks, merged)).toBe(false);
  });

  it('merges what only signed-in pages bring by the set of pages that bring it', () => {
    const chunks = app(
      {
        chips: {},
        tabs: {},
        'tabs-ref': {},
        hashtags: {},
        'used-by-frame': {},
      },
      {
        layout: { facade: 'src/layout.tsx', imports: ['used-by-frame'] },
        dashboard: { facade: 'src/dashboard.tsx', imports: ['chips', 'tabs', 'used-by-frame'] },
        create: { facade: 'src/create.tsx', imports: ['chips', 'tabs', 'hashtags'] },
        settings: { facade: 'src/settings.tsx', imports: ['tabs-ref'] },
      },
    );
    // tabs-ref sits under tabs as well as settings.
    chunks.find((chunk) => chunk.fileName === 'tabs')!.imports.push('tabs-ref');
    const merged = plan(chunks);
    expect(merged).toEqual({
      chips: 'pages-dashboard-create',
      tabs: 'pages-dashboard-create',
      'tabs-ref': 'pages-dashboard-create-settings',
      hashtags: 'pages-create',
      'used-by-frame': 'signed-in-frame',
    });
    expect(hasCycle(chunks, merged)).toBe(false);
  });

  it('leaves a part fetched on demand that is also imported in its chunk, with what it imports', () => {
    const chunks = app(
      {
        before: { imports: ['database'] },
        database: { onDemand: true, imports: ['under-database'] },
        'under-database': {},
        beside: {},
      },
      { store: { facade: 'src/store.ts', imports: ['before', 'beside'] } },
    );
    // Merging `under-database` with `before` would make the store's chunk and the database's
    // import each other.
    chunks.find((chunk) => chunk.fileName === 'under-database')!.imports.push('beside');
    const merged = plan(chunks);
    expect(merged).toEqual({ before: 'signed-in-store' });
    expect(hasCycle(chunks, merged)).toBe(false);
    // What it guards against: `under-database` merged too.
    expect(hasCycle(chunks, { ...merged, 'under-database': 'signed-in-store' })).toBe(true);
  });

  it('never merges the starts of loads themselves', () => {
    const chunks = app(
      {},
      {
        layout: { facade: 'src/layout.tsx', imports: ['store'] },
        dashboard: { facade: 'src/dashboard.tsx', imports: ['create'] },
      },
    );
    expect(plan(chunks)).toEqual({});
  });

  it('says which start has no chunk', () => {
    const chunks = app().filter((chunk) => chunk.fileName !== 'sync');
    expect(() => plan(chunks)).toThrow('chunk merges: no chunk for src/sync.ts');
  });
});
