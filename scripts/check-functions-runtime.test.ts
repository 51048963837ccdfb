import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkFunctionsRuntime,
  functionNames,
  indexShapeProblem,
  type Violation,
} from './check-functions-runtime.ts';

const REAL = path.resolve(import.meta.dirname, '../supabase/functions');
const SHELL = "import { handler } from './handler.ts';\n\nDeno.serve((req) => handler(req));\n";

let root: string | null = null;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = null;
});

/** A repo-like tree: `functions` is the functions folder, files are relative to the tree's root. */
function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'fn-runtime-'));
  const all: Record<string, string> = {
    'functions/deno.json': JSON.stringify({
      imports: { '@supabase/supabase-js': 'npm:@supabase/supabase-js@2', '@std/': 'jsr:@std/' },
    }),
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return path.join(root, 'functions');
}

/** One function `f` whose handler.ts is `handler`, plus extra files. */
function oneFunction(handler: string, extra: Record<string, string> = {}): Violation[] {
  return checkFunctionsRuntime(
    tree({ 'functions/f/index.ts': SHELL, 'functions/f/handler.ts': handler, ...extra }),
  );
}

const messages = (v: Violation[]) => v.map((x) => `${x.file}:${x.line} ${x.message}`);

describe('the Deno runtime check of supabase/functions', () => {
  it('passes the real functions, each index.ts the serving shell over its handler', () => {
    const names = functionNames(REAL);
    expect(names).toEqual(expect.arrayContaining(['health', 'publisher', 'metrics-collector']));
    expect(names.some((n) => n.startsWith('_'))).toBe(false);
    expect(messages(checkFunctionsRuntime(REAL))).toEqual([]);
    for (const name of names) {
      expect([name, indexShapeProblem(path.join(REAL, name, 'index.ts'))]).toEqual([name, null]);
    }
  });

  it('walks the real graphs down to the shared code', () => {
    root = mkdtempSync(path.join(tmpdir(), 'fn-runtime-'));
    const copy = path.join(root, 'functions');
    cpSync(REAL, copy, { recursive: true });
    appendFileSync(
      path.join(copy, '_shared/publish/classify.ts'),
      '\nexport const pid = process.pid;\n',
    );
    const v = checkFunctionsRuntime(copy);
    expect(v.map((x) => `${x.file} ${x.message}`)).toEqual([
      '_shared/publish/classify.ts Node-only global "process"',
    ]);
  });

  it('allows npm:, jsr:, mapped bare names and relative .ts files inside the folder', () => {
    const v = oneFunction(
      [
        "import { createClient } from '@supabase/supabase-js';",
        "import { assert } from '@std/assert';",
        "import { z } from 'npm:zod@3';",
        "import { encodeHex } from 'jsr:@std/encoding/hex';",
        "import { util } from '../_shared/util.ts';",
        "export { util } from '../_shared/util.ts';",
        "const later = () => import('../_shared/util.ts');",
        '// process.env, Buffer and require() in a comment do not count',
        "const text = 'process Buffer __dirname global';",
        'const env = globalThis.process?.env;',
        'const o = { process: 1, global: true, require: 2 };',
        'function f(process: number) { return process; }',
        'export const handler = () => [createClient, assert, z, encodeHex, util, later, text, env, o, f];',
      ].join('\n'),
      { 'functions/_shared/util.ts': 'export const util = 1;\n' },
    );
    expect(messages(v)).toEqual([]);
  });

  it.each([
    ["import { readFileSync } from 'node:fs';", 'Node built-in "node:fs"'],
    ["import path from 'path';", 'Node built-in "path"'],
    ["import { createHash } from 'crypto';", 'Node built-in "crypto"'],
    ["import fs from 'fs/promises';", 'Node built-in "fs/promises"'],
    ["import _ from 'lodash';", `bare name "lodash" is not in deno.json's imports`],
    ["import { x } from '@scope/pkg';", `bare name "@scope/pkg" is not in deno.json's imports`],
    ["import { x } from 'https://deno.land/x/y/mod.ts';", 'only npm:, jsr: and relative .ts'],
    ["import { env } from '../../server/config.ts';", 'leaves supabase/functions'],
    ["import { App } from '../../src/app/app.ts';", 'leaves supabase/functions'],
    ["import type { Cfg } from '../../server/config.ts';", 'leaves supabase/functions'],
    ["export type { Cfg } from '../../server/config.ts';", 'leaves supabase/functions'],
    ["import { util } from '../_shared/util';", 'has no .ts extension'],
    ["import { util } from '../_shared/util.js';", 'has no .ts extension'],
    ["import { util } from '../_shared/missing.ts';", 'does not exist'],
    ["const m = await import('node:path');", 'Node built-in "node:path"'],
    ["const name = 'x'; const m = await import(name);", 'computed specifier'],
    ["type T = typeof import('node:fs');", 'Node built-in "node:fs"'],
    ["import fs = require('fs');", 'CommonJS'],
    ['const port = process.env.PORT;', 'Node-only global "process"'],
    ["const b = Buffer.from('x');", 'Node-only global "Buffer"'],
    ["const m = require('x');", 'Node-only global "require"'],
    ['const here = __dirname;', 'Node-only global "__dirname"'],
    ['const me = __filename;', 'Node-only global "__filename"'],
    ['const g = global.fetch;', 'Node-only global "global"'],
    ['const o = { process };', 'Node-only global "process"'],
  ])('refuses %s', (line, message) => {
    const v = oneFunction(`${line}\nexport const handler = () => 1;\n`, {
      'functions/_shared/util.ts': 'export const util = 1;\n',
      'server/config.ts': 'export const env = 1; export type Cfg = number;\n',
      'src/app/app.ts': 'export const App = 1;\n',
    });
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ file: 'f/handler.ts', line: 1 });
    expect(v[0]!.message).toContain(message);
  });

  it('follows relative imports through shared files and reports where the fault is', () => {
    const v = oneFunction("import { a } from '../_shared/a.ts';\nexport const handler = a;\n", {
      'functions/_shared/a.ts': "import { b } from './deep/b.ts';\nexport const a = b;\n",
      'functions/_shared/deep/b.ts': "\n\nimport os from 'os';\nexport const b = os;\n",
    });
    expect(messages(v)).toEqual(['_shared/deep/b.ts:3 Node built-in "os"']);
  });

  it('refuses a mapping to something other than npm: or jsr:, and a folder without index.ts', () => {
    const dir = tree({
      'functions/deno.json': JSON.stringify({ imports: { x: 'https://esm.sh/x' } }),
      'functions/f/index.ts': SHELL,
      'functions/f/handler.ts': "import x from 'x';\nexport const handler = x;\n",
      'functions/g/handler.ts': 'export const handler = 1;\n',
      'functions/_shared/not-a-function/readme.ts': "import fs from 'fs';\n",
    });
    expect(messages(checkFunctionsRuntime(dir))).toEqual([
      'f/handler.ts:1 deno.json maps "x" to "https://esm.sh/x", not to npm: or jsr:',
      'g/:0 function folder has no index.ts',
    ]);
  });

  it('refuses an index.ts that does more than serve its handler', () => {
    const dir = tree({
      'functions/a/index.ts': SHELL.replace('(req) => handler(req)', 'async (r) => handler(r)'),
      'functions/b/index.ts': SHELL + "console.log('booted');\n",
      'functions/c/index.ts': "import { handler } from '../_shared/h.ts';\nDeno.serve(handler);\n",
      'functions/d/index.ts':
        "import { handler as h } from './handler.ts';\nDeno.serve((req) => h(req));\n",
      'functions/e/index.ts':
        "import { handler } from './handler.ts';\nDeno.serve((req) => handler(req, {}));\n",
    });
    expect(indexShapeProblem(path.join(dir, 'a/index.ts'))).toBeNull();
    for (const name of ['b', 'c', 'd', 'e']) {
      expect(indexShapeProblem(path.join(dir, name, 'index.ts'))).toContain('index.ts must be');
    }
  });
});
