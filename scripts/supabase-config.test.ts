import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../server/config.ts';
import { functionNames } from './check-functions-runtime.ts';

// supabase/config.toml against the tree: one [functions.<name>] per function folder, each behind
// the gateway's JWT check and with the shared import map, and an auth allow-list that has every
// page the app sends people back to.

const ROOT = path.resolve(import.meta.dirname, '..');
const SUPABASE = path.join(ROOT, 'supabase');
const FUNCTIONS = path.join(SUPABASE, 'functions');

interface FunctionConfig {
  enabled?: boolean;
  verify_jwt?: boolean;
  import_map?: string;
  entrypoint?: string;
}
interface Config {
  auth: { site_url: string; additional_redirect_urls: string[]; jwt_expiry: number };
  functions: Record<string, FunctionConfig>;
}

const config = parse(readFileSync(path.join(SUPABASE, 'config.toml'), 'utf8')) as unknown as Config;

function source(rel: string): ts.SourceFile {
  const file = path.join(ROOT, rel);
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** Every `path: '...'` and `['/…', …]` route path written in src/app/router.tsx. */
function routerPaths(): Set<string> {
  const paths = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'path' &&
      ts.isStringLiteral(node.initializer)
    ) {
      paths.add(node.initializer.text);
    }
    if (ts.isArrayLiteralExpression(node)) {
      const first = node.elements[0];
      if (first && ts.isStringLiteral(first) && first.text.startsWith('/')) paths.add(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source('src/app/router.tsx'));
  return paths;
}

/** The path of `${window.location.origin}/…` that passwordResetRedirect() returns. */
function passwordResetPath(): string {
  let found: string | null = null;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name?.text === 'passwordResetRedirect') {
      const visitReturn = (n: ts.Node) => {
        if (ts.isReturnStatement(n) && n.expression && ts.isTemplateExpression(n.expression)) {
          const spans = n.expression.templateSpans;
          if (spans.length === 1 && spans[0]!.expression.getText() === 'window.location.origin') {
            found = spans[0]!.literal.text;
          }
        }
        ts.forEachChild(n, visitReturn);
      };
      visitReturn(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source('src/features/auth/auth-thunks.ts'));
  if (!found) throw new Error('passwordResetRedirect() no longer returns `${origin}/path`');
  return found;
}

describe('supabase/config.toml', () => {
  it('has one [functions.<name>] per function folder, each behind verify_jwt', () => {
    const folders = functionNames(FUNCTIONS);
    expect(folders.length).toBeGreaterThan(0);
    // TOML refuses a table defined twice, so the parse above already proved "at most one".
    expect(Object.keys(config.functions).sort()).toEqual(folders);
    for (const name of folders) {
      const fn = config.functions[name]!;
      expect({ name, enabled: fn.enabled, verify_jwt: fn.verify_jwt }).toEqual({
        name,
        enabled: true,
        verify_jwt: true,
      });
      // The CLI resolves import_map from the supabase folder; it must be the one the embedded
      // server and the runtime check read.
      expect(fn.import_map, name).toBeDefined();
      expect(path.resolve(SUPABASE, fn.import_map!)).toBe(path.join(FUNCTIONS, 'deno.json'));
      const entry = fn.entrypoint ?? `./functions/${name}/index.ts`;
      expect(path.resolve(SUPABASE, entry)).toBe(path.join(FUNCTIONS, name, 'index.ts'));
      expect(existsSync(path.join(FUNCTIONS, name, 'index.ts'))).toBe(true);
    }
  });

  it('a second [functions.<name>] for the same name would not parse', () => {
    const text = '[functions.health]\nverify_jwt = true\n[functions.health]\nverify_jwt = false\n';
    expect(() => parse(text)).toThrow();
  });

  it('allows redirects to the password-reset page and both OAuth callbacks on the site', () => {
    const routes = routerPaths();
    const reset = passwordResetPath();
    const oauth = [...routes].filter((p) => p.startsWith('/oauth/')).sort();
    expect(oauth).toEqual(['/oauth/facebook', '/oauth/linkedin']);
    expect(routes).toContain(reset);

    const site = new URL(config.auth.site_url);
    const redirects = config.auth.additional_redirect_urls;
    for (const p of [reset, ...oauth]) expect(redirects).toContain(`${site.origin}${p}`);
    // Every listed address is a page the app has, on http(s).
    for (const url of redirects) {
      const u = new URL(url);
      expect(['http:', 'https:']).toContain(u.protocol);
      expect([url, routes.has(u.pathname)]).toEqual([url, true]);
    }
  });

  it('keeps sessions as long as the embedded server does', () => {
    expect(config.auth.jwt_expiry).toBe(parseEnv({}).jwtExpirySeconds);
  });
});
