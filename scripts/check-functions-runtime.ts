import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// Whether supabase/functions/<name>/index.ts and everything it imports would load on Supabase
// Edge's Deno runtime: only files inside supabase/functions are deployed, Deno needs the `.ts`
// extension, and bare names resolve only through deno.json's import map. Node built-ins and
// Node-only globals are refused, as the functions must keep to web-standard APIs and Deno.env.
// Run as `npm run check:functions`; the unit tests run it on the real tree and on fixtures.

export interface Violation {
  /** The file, relative to the functions folder, with forward slashes. */
  file: string;
  line: number;
  message: string;
}

const NODE_GLOBALS = new Set(['process', 'Buffer', 'require', '__dirname', '__filename', 'global']);
const BUILTINS = new Set(builtinModules.map((m) => m.replace(/^node:/, '')));

/** Folders Supabase deploys as functions: every folder not starting with `_` or `.`. */
export function functionNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => !n.startsWith('_') && !n.startsWith('.'))
    .filter((n) => statSync(path.join(dir, n)).isDirectory())
    .sort();
}

/** deno.json's `imports`: exact bare names and `prefix/` entries. */
function readImportMap(dir: string): Record<string, string> {
  const file = path.join(dir, 'deno.json');
  if (!existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { imports?: Record<string, string> };
  return parsed.imports ?? {};
}

function mapped(specifier: string, imports: Record<string, string>): string | undefined {
  if (imports[specifier] !== undefined) return imports[specifier];
  const prefix = Object.keys(imports)
    .filter((k) => k.endsWith('/') && specifier.startsWith(k))
    .sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? undefined : imports[prefix] + specifier.slice(prefix.length);
}

interface ImportRef {
  specifier: string;
  node: ts.Node;
}

/** Names the file binds itself (imports, variables, parameters, functions, classes...). */
function declaredNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const bind = (name: ts.BindingName | ts.Identifier | undefined) => {
    if (!name) return;
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const el of name.elements) if (!ts.isOmittedExpression(el)) bind(el.name);
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) ||
      ts.isParameter(node) ||
      ts.isBindingElement(node) ||
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isClassDeclaration(node) ||
      ts.isClassExpression(node) ||
      ts.isImportClause(node) ||
      ts.isImportSpecifier(node) ||
      ts.isNamespaceImport(node) ||
      ts.isImportEqualsDeclaration(node) ||
      ts.isEnumDeclaration(node)
    ) {
      bind(node.name as ts.BindingName | undefined);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** An identifier that names something, as opposed to a property or member name beside a dot. */
function isReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
  if (ts.isQualifiedName(p) && p.right === id) return false;
  if (
    (ts.isPropertyAssignment(p) ||
      ts.isPropertyDeclaration(p) ||
      ts.isPropertySignature(p) ||
      ts.isMethodDeclaration(p) ||
      ts.isMethodSignature(p) ||
      ts.isGetAccessor(p) ||
      ts.isSetAccessor(p) ||
      ts.isEnumMember(p) ||
      ts.isLabeledStatement(p) ||
      ts.isBreakOrContinueStatement(p) ||
      ts.isImportSpecifier(p) ||
      ts.isExportSpecifier(p)) &&
    (p as { name?: ts.Node }).name === id
  ) {
    return false;
  }
  if ((ts.isImportSpecifier(p) || ts.isExportSpecifier(p)) && p.propertyName === id) return false;
  return true;
}

function scan(source: ts.SourceFile): {
  imports: ImportRef[];
  globals: ts.Identifier[];
  problems: { node: ts.Node; message: string }[];
} {
  const imports: ImportRef[] = [];
  const globals: ts.Identifier[] = [];
  const problems: { node: ts.Node; message: string }[] = [];
  const declared = declaredNames(source);
  const visit = (node: ts.Node) => {
    // `import type` and `export type` are checked like any import: they are erased when the
    // function runs, but deploying and `deno check` still resolve them, and only
    // supabase/functions is uploaded, so a type taken from server/ or src/ would break there.
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      imports.push({ specifier: node.moduleSpecifier.text, node: node.moduleSpecifier });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) imports.push({ specifier: arg.text, node: arg });
      else problems.push({ node, message: 'dynamic import() with a computed specifier' });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      imports.push({ specifier: node.argument.literal.text, node: node.argument });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    ) {
      problems.push({ node, message: '`import = require()` is CommonJS, not an ES module import' });
    } else if (
      ts.isIdentifier(node) &&
      NODE_GLOBALS.has(node.text) &&
      !declared.has(node.text) &&
      isReference(node)
    ) {
      globals.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, globals, problems };
}

/** Why a specifier would not load on Supabase Edge, or null when it does; `resolved` when local. */
function judge(
  specifier: string,
  fromFile: string,
  dir: string,
  imports: Record<string, string>,
): { error: string } | { resolved: string } | null {
  if (specifier.startsWith('npm:') || specifier.startsWith('jsr:')) return null;
  if (specifier.startsWith('node:')) return { error: `Node built-in "${specifier}"` };
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/')) {
    if (specifier.startsWith('/')) return { error: `absolute import "${specifier}"` };
    const target = path.resolve(path.dirname(fromFile), specifier);
    const rel = path.relative(dir, target);
    if (rel.startsWith('..') || path.isAbsolute(rel)) {
      return { error: `"${specifier}" leaves supabase/functions (only that folder is deployed)` };
    }
    if (!specifier.endsWith('.ts')) {
      return { error: `"${specifier}" has no .ts extension (Deno does not guess one)` };
    }
    if (!existsSync(target)) return { error: `"${specifier}" does not exist` };
    return { resolved: target };
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier)) {
    return { error: `"${specifier}": only npm:, jsr: and relative .ts imports are allowed` };
  }
  const root = specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : specifier.split('/')[0]!;
  const target = mapped(specifier, imports);
  if (target === undefined) {
    if (BUILTINS.has(root)) return { error: `Node built-in "${specifier}"` };
    return { error: `bare name "${specifier}" is not in deno.json's imports` };
  }
  if (!target.startsWith('npm:') && !target.startsWith('jsr:')) {
    return { error: `deno.json maps "${specifier}" to "${target}", not to npm: or jsr:` };
  }
  return null;
}

/** Every violation in the import graphs of the functions under `dir` (default: the real ones). */
export function checkFunctionsRuntime(dir: string = defaultDir()): Violation[] {
  const root = path.resolve(dir);
  const imports = readImportMap(root);
  const violations: Violation[] = [];
  const seen = new Set<string>();
  const relName = (f: string) => path.relative(root, f).split(path.sep).join('/');

  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const at = (node: ts.Node, message: string) =>
      violations.push({
        file: relName(file),
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        message,
      });
    const found = scan(source);
    for (const p of found.problems) at(p.node, p.message);
    for (const g of found.globals) at(g, `Node-only global "${g.text}"`);
    for (const ref of found.imports) {
      const verdict = judge(ref.specifier, file, root, imports);
      if (!verdict) continue;
      if ('error' in verdict) at(ref.node, verdict.error);
      else walk(verdict.resolved);
    }
  };

  for (const name of functionNames(root)) {
    const index = path.join(root, name, 'index.ts');
    if (!existsSync(index)) {
      violations.push({ file: `${name}/`, line: 0, message: 'function folder has no index.ts' });
      continue;
    }
    walk(index);
  }
  return violations;
}

/**
 * Whether `index.ts` is exactly the serving shell over its handler:
 * `import { handler } from './handler.ts'; Deno.serve((req) => handler(req));`, so the code the
 * embedded server mounts from handler.ts is all the function does on Supabase Edge.
 */
export function indexShapeProblem(indexFile: string): string | null {
  const source = ts.createSourceFile(
    indexFile,
    readFileSync(indexFile, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TS,
  );
  const [imp, call, ...rest] = source.statements;
  const bad =
    'index.ts must be `import { handler } from "./handler.ts"; Deno.serve((req) => handler(req));`';
  if (rest.length > 0 || !imp || !call) return bad;
  if (
    !ts.isImportDeclaration(imp) ||
    !ts.isStringLiteral(imp.moduleSpecifier) ||
    imp.moduleSpecifier.text !== './handler.ts' ||
    !imp.importClause ||
    imp.importClause.isTypeOnly ||
    imp.importClause.name ||
    !imp.importClause.namedBindings ||
    !ts.isNamedImports(imp.importClause.namedBindings) ||
    imp.importClause.namedBindings.elements.length !== 1 ||
    imp.importClause.namedBindings.elements[0]!.propertyName ||
    imp.importClause.namedBindings.elements[0]!.name.text !== 'handler'
  ) {
    return bad;
  }
  if (!ts.isExpressionStatement(call) || !ts.isCallExpression(call.expression)) return bad;
  const serve = call.expression;
  if (
    !ts.isPropertyAccessExpression(serve.expression) ||
    !ts.isIdentifier(serve.expression.expression) ||
    serve.expression.expression.text !== 'Deno' ||
    serve.expression.name.text !== 'serve' ||
    serve.arguments.length !== 1
  ) {
    return bad;
  }
  const fn = serve.arguments[0]!;
  if (
    !ts.isArrowFunction(fn) ||
    fn.parameters.length !== 1 ||
    !ts.isIdentifier(fn.parameters[0]!.name)
  ) {
    return bad;
  }
  const param = fn.parameters[0]!.name.text;
  const body = fn.body;
  if (
    !ts.isCallExpression(body) ||
    !ts.isIdentifier(body.expression) ||
    body.expression.text !== 'handler' ||
    body.arguments.length !== 1 ||
    !ts.isIdentifier(body.arguments[0]!) ||
    body.arguments[0].text !== param
  ) {
    return bad;
  }
  return null;
}

function defaultDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../supabase/functions');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = defaultDir();
  const problems = checkFunctionsRuntime(dir).map((v) => `${v.file}:${v.line}: ${v.message}`);
  for (const name of functionNames(dir)) {
    const index = path.join(dir, name, 'index.ts');
    const shape = existsSync(index) ? indexShapeProblem(index) : null;
    if (shape) problems.push(`${name}/index.ts: ${shape}`);
  }
  for (const p of problems) console.error(p);
  if (problems.length > 0) process.exit(1);
  console.log(`supabase/functions: ${functionNames(dir).length} functions fit the Deno runtime`);
}
