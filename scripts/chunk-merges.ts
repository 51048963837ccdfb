// The build's second look at its chunks (vite.config.ts). Left to itself, the bundler gives each
// set of entries that share a module a chunk of its own; with some twenty parts fetched on demand
// (dialogs, menus, notices) beside the pages, a signed-in page came in over eighty chunks, most
// under 2 KB gzip, each a request and a task on a phone's main thread. Every signed-in load brings
// the store, the frame (the layout and its guards) and, soon after, the sync, so what the chunks
// of each hold can travel as one chunk; and what only signed-in pages share, as one chunk per set
// of pages sharing it. No page loads a byte more than before: a module goes where every load that
// needed it already went.
//
// How: the build first bundles without these merges (not written, not minified), reads which
// chunk each module landed in and which chunks each of those loads imports, and hands the merges
// to the real build as a group of its own, by module.
import path from 'node:path';
import type { OutputChunk } from 'rolldown';
import { build } from 'vite';
import {
  FRAME_MODULES,
  PUBLIC_PAGE_MODULES,
  SIGNED_IN_PAGE_MODULES,
  STORE_MODULE,
  SYNC_MODULES,
} from '../src/app/load-starts.ts';

/** Set while the first bundle is made, so the config leaves its merges (and slow plugins) out. */
export const PLANNING_ENV = 'POSTBLOOM_PLANNING_CHUNKS';

/** Where loads start: source paths from the project's root. */
export interface EntryPoints {
  /** Pages a visitor sees: what these import stays as it is, so their count does not grow. */
  public: readonly string[];
  store: readonly string[];
  frame: readonly string[];
  sync: readonly string[];
  /** The signed-in pages, by name. */
  pages: Readonly<Record<string, string>>;
}

/** The app's (src/app/load-starts.ts). */
export const ENTRY_POINTS: EntryPoints = {
  public: Object.values(PUBLIC_PAGE_MODULES),
  store: [STORE_MODULE],
  frame: FRAME_MODULES,
  // The part of what a signed-in page asks for soon after it that is the app's own code.
  sync: SYNC_MODULES,
  pages: SIGNED_IN_PAGE_MODULES,
};

/** What of a chunk the merges read. */
export type PlannedChunk = Pick<
  OutputChunk,
  'fileName' | 'name' | 'imports' | 'isEntry' | 'isDynamicEntry' | 'facadeModuleId' | 'moduleIds'
>;

/**
 * Which merged chunk each module goes to, from the chunks of a bundle made without merges.
 * `keep` names the chunks that stay as they are (the config's named groups).
 */
export function mergesOf(
  chunks: readonly PlannedChunk[],
  opts: { root: string; keep: ReadonlySet<string>; entryPoints?: EntryPoints },
): Map<string, string> {
  const { root, keep, entryPoints = ENTRY_POINTS } = opts;
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = (source: string) => {
    const id = path.join(root, source);
    const chunk = chunks.find((c) => c.facadeModuleId === id);
    if (!chunk) throw new Error(`chunk merges: no chunk for ${source}`);
    return chunk;
  };
  const closure = (starts: readonly PlannedChunk[], into = new Set<PlannedChunk>()) => {
    const stack = [...starts];
    while (stack.length > 0) {
      const chunk = stack.pop()!;
      if (into.has(chunk)) continue;
      into.add(chunk);
      for (const file of chunk.imports) stack.push(byFile.get(file)!);
    }
    return into;
  };

  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('chunk merges: no entry chunk');
  const untouched = closure([entry]);
  closure(entryPoints.public.map(chunkOf), untouched);
  const groups = (['store', 'frame', 'sync'] as const).map((group) => ({
    name: `signed-in-${group}`,
    starts: entryPoints[group].map(chunkOf),
  }));
  const pages = Object.entries(entryPoints.pages).map(([name, source]) => {
    const start = chunkOf(source);
    return { name, start, chunks: closure([start]) };
  });
  const starts = new Set([
    entry,
    ...groups.flatMap((group) => group.starts),
    ...pages.map((page) => page.start),
  ]);

  const merges = new Map<string, string>();
  const assign = (group: string, chunk: PlannedChunk) => {
    for (const id of chunk.moduleIds) merges.set(id, group);
  };
  const taken = new Set<PlannedChunk>();
  // A part fetched on demand that is also imported keeps its chunk, and so does everything under
  // it: a merged chunk holding both what imports it and what it imports would import it and be
  // imported by it.
  const apart = new Set<PlannedChunk>();
  /** The chunks under `startChunks` that can go into one. */
  const mergeable = (startChunks: readonly PlannedChunk[]) => {
    const under = closure(startChunks);
    for (const chunk of under)
      if (chunk.isDynamicEntry && !starts.has(chunk)) closure([chunk], apart);
    return [...under].filter(
      (chunk) =>
        !starts.has(chunk) &&
        !untouched.has(chunk) &&
        !apart.has(chunk) &&
        !keep.has(chunk.name) &&
        !taken.has(chunk),
    );
  };
  for (const group of groups)
    for (const chunk of mergeable(group.starts)) {
      taken.add(chunk);
      assign(group.name, chunk);
    }

  // What is left under the pages, by the set of pages whose loads bring it.
  for (const chunk of mergeable(pages.map((page) => page.start))) {
    const sharing = pages.filter((page) => page.chunks.has(chunk)).map((page) => page.name);
    taken.add(chunk);
    assign(`pages-${sharing.join('-')}`, chunk);
  }
  return merges;
}

/** Bundles the app as `configFile` says, without the merges, and returns them. */
export async function planChunkMerges(
  configFile: string,
  mode: string,
  keep: ReadonlySet<string>,
): Promise<Map<string, string>> {
  process.env[PLANNING_ENV] = '1';
  try {
    const output = await build({
      configFile,
      mode,
      logLevel: 'silent',
      build: { write: false, minify: false, manifest: false, emptyOutDir: false },
    });
    const outputs = Array.isArray(output) ? output : [output];
    const chunks = outputs.flatMap((o) =>
      'output' in o ? o.output.filter((c): c is OutputChunk => c.type === 'chunk') : [],
    );
    return mergesOf(chunks, { root: path.dirname(configFile), keep });
  } finally {
    delete process.env[PLANNING_ENV];
  }
}
