// A Vite build plugin: the public pages (/, /privacy, /terms, /signup, /contact) and the not-found
// page, each prerendered with its critical CSS, so a first visit paints from the HTML alone; the
// app's script then renders the same page over it (src/main.tsx). The landing page goes into
// index.html, which is also every other route's document and the service worker's offline
// fallback; the others into privacy.html, terms.html, signup.html and contact.html, which the app
// server (scripts/app-server.ts) and the service worker (Workbox's clean URLs) serve for their
// paths, and 404.html, which the app server answers any path without a route with. The main
// signed-in pages get their frame (top bar, navigation, heading, a loading screen) into
// dashboard.html and the like: drawn over the app while it loads, for a user whose session is
// saved here (src/lib/prerendered-shell.ts). In each:
// - an inline script in <head> keeps that markup off screen anywhere but its own path (for
//   404.html: on any path a route has), where the app will paint in dark colours (the markup is
//   light), on /signup for a user whose session is saved on this device (the app sends them to the
//   dashboard) and on a signed-in page's frame for anyone else;
// - an inline script after the markup follows its forms (what is typed, the focus, a send, which it
//   holds back) for the app's form to take over (src/lib/prerendered-form.ts);
// - an inline script right after the markup points its sign-up links at /dashboard for a user
//   whose session is saved on this device;
// - the app's script tags are taken out of <head> and added by an inline script at the end of
//   <body>: at once where the markup is hidden, and otherwise once the page has painted (with the
//   page's chunks preloaded beside the entry), so fetching and running the app never holds back
//   that first paint.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { runnerImport, type Plugin } from 'vite';
import { ROUTE_PATHS } from '../src/app/route-paths.ts';

const THEME_HINT_KEY = 'postbloom:theme-mode'; // src/features/ui/ui-state.ts
const AUTH_STORAGE_KEY = 'postbloom-auth'; // src/lib/stored-session.ts
const PRERENDERED_FORM_KEY = '__postbloomPrerenderedForm'; // src/lib/prerendered-form.ts
const NOT_FOUND = '*'; // the not-found page's key in src/app/prerender.tsx
const FRAME_HINTS_KEY = 'postbloom:frame-hints'; // src/lib/frame-hints.ts

/* Runs in the browser, inlined in <head>. */
function hidePrerenderedWhereUnused(
  themeHintKey: string,
  pagePath: string,
  authKey: string,
  audience: 'everyone' | 'visitors' | 'members',
  routePaths: string[],
): void {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(themeHintKey);
  } catch {
    // storage blocked: the system setting decides
  }
  const dark =
    saved === 'dark' ||
    (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  let signedIn = false;
  try {
    const raw = audience === 'everyone' ? null : localStorage.getItem(authKey);
    const user = raw ? (JSON.parse(raw) as { user?: { id?: unknown } }).user : undefined;
    signedIn = typeof user?.id === 'string';
  } catch {
    // storage blocked or unreadable: nobody's session is saved
  }
  const here = window.location.pathname.replace(/\/+$/, '') || '/';
  // The not-found page's markup (pagePath '*') is the page on any path no route has, as
  // isRoutePath() in src/app/route-paths.ts decides.
  const ours = pagePath === '*' ? !routePaths.includes(here.toLowerCase()) : here === pagePath;
  const forThem = audience === 'everyone' || (audience === 'visitors') !== signedIn;
  if (!ours || dark || !forThem) document.documentElement.setAttribute('data-prerendered', 'off');
}

/*
 * Runs in the browser, inlined after the prerendered markup: notes what is typed into its fields,
 * which field was focused last and whether a form was sent (which it keeps from sending itself),
 * for the app's form to take over (src/lib/prerendered-form.ts). The focus is not forgotten on
 * blur: removing the markup blurs its field too.
 */
function followPrerenderedForms(key: string): void {
  const markup = document.getElementById('prerendered');
  if (!markup || !markup.querySelector('form')) return;
  const state = {
    values: {} as Record<string, string>,
    focus: null as string | null,
    submitted: false,
  };
  (window as unknown as Record<string, unknown>)[key] = state;
  const named = (target: EventTarget | null) =>
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
      ? target
      : null;
  markup.addEventListener('input', (event) => {
    const field = named(event.target);
    if (field?.name) state.values[field.name] = field.value;
  });
  markup.addEventListener('focusin', (event) => {
    state.focus = named(event.target)?.name || null;
  });
  markup.addEventListener('submit', (event) => {
    event.preventDefault();
    state.submitted = true;
  });
}

/*
 * Runs in the browser, inlined right after the prerendered markup, before it is first painted: the
 * markup is a visitor's, so for a user whose session supabase-js saved on this device the calls to
 * action lead to the dashboard instead of the sign-up form (as useIsSignedIn() decides once the
 * app renders). Reads the saved session only, without loading the app.
 */
function pointSignUpLinksAtDashboard(authKey: string): void {
  try {
    const raw = localStorage.getItem(authKey);
    const user = raw ? (JSON.parse(raw) as { user?: { id?: unknown } }).user : undefined;
    if (typeof user?.id !== 'string') return;
    document
      .querySelectorAll('#prerendered a[href="/signup"]')
      .forEach((link) => link.setAttribute('href', '/dashboard'));
  } catch {
    // storage blocked or unreadable: the links stay a visitor's
  }
}

/*
 * Runs in the browser, inlined after a signed-in page's prerendered frame: the page's heading as
 * the address makes it (/create?editDraft=… edits a draft).
 */
function nameShellHeading(headingByParam: Record<string, string>): void {
  const params = new URLSearchParams(window.location.search);
  const param = Object.keys(headingByParam).find((name) => params.has(name));
  const heading = document.querySelector('#prerendered [data-shell-heading]');
  if (param && heading) heading.textContent = headingByParam[param]!;
}

/*
 * Runs in the browser, inlined after a signed-in page's prerendered frame, before it is first
 * painted: shows the frame's parts (`data-frame-hint`) that this device last showed on the page to
 * the user whose session is saved here (src/lib/frame-hints.ts).
 */
export function showRememberedParts(authKey: string, hintsKey: string): void {
  try {
    const raw = localStorage.getItem(authKey);
    const user = raw ? (JSON.parse(raw) as { user?: { id?: unknown } }).user : undefined;
    const hints = JSON.parse(localStorage.getItem(hintsKey) ?? 'null') as {
      userId?: unknown;
      shown?: unknown;
    } | null;
    if (typeof user?.id !== 'string' || hints?.userId !== user.id) return;
    const shown = Array.isArray(hints.shown) ? hints.shown : [];
    document.querySelectorAll('#prerendered [data-frame-hint]').forEach((part) => {
      if (shown.includes(part.getAttribute('data-frame-hint'))) part.removeAttribute('hidden');
    });
  } catch {
    // storage blocked or unreadable: the parts stay hidden, as on a first visit
  }
}

/**
 * Each request the page makes costs its main thread a little: 2-7 ms under Lighthouse, which
 * watches every request, and four times that on the phone it plays. A signed-in page asks for
 * seventy-odd chunks; in one task they blocked that phone for a quarter of a second, ten per task
 * still took 75 ms each, and four up to 27 ms (over 100 ms on the phone). One per task keeps each
 * under the 50 ms that counts as blocking; the tasks between cost next to nothing.
 */
export const PRELOADS_PER_TASK = 1;

/*
 * Runs in the browser, inlined at the end of <body>: asks for the app's entry, then for the chunks
 * it and the page import (`modulepreload`), so they load side by side rather than as the entry
 * reaches each import; and runs the entry (after the chunks it imports) once all are asked for.
 * Run earlier, the entry's own imports (the page, the store) would ask in one task for every chunk
 * not yet asked for: the blocking task this spreads out.
 */
export function loadApp(
  entry: string,
  preloads: string[],
  pagePreloads: string[],
  perTask: number,
): void {
  const shown = document.documentElement.getAttribute('data-prerendered') !== 'off';
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const hrefs = [entry].concat(shown ? preloads.concat(pagePreloads) : preloads);
    // The next task through a message rather than a timer, which browsers hold back 4 ms once
    // timers nest five deep.
    const channel = new MessageChannel();
    const addSome = () => {
      for (const href of hrefs.splice(0, perTask)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      }
      if (hrefs.length > 0) return channel.port2.postMessage(null);
      channel.port1.close();
      // Fetched already (preloaded): the scripts only run them. The chunks the entry imports get
      // scripts of their own before it, so each runs in a task of its own rather than all in the
      // entry's: the same modules, each run once, each after what it imports.
      for (const src of preloads.concat(entry)) {
        const script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = src;
        document.head.appendChild(script);
      }
    };
    channel.port1.onmessage = addSome;
    addSome();
  };
  if (!shown) return start();
  // After the frame that shows the prerendered page; a hidden tab gets no frames, hence the timer.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
}

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
}

/**
 * The chunks of `modules` (source paths, or parts of them) that the entry does not import
 * already, in that order.
 */
function pagePreloads(bundle: OutputBundle, modules: readonly string[]): string[] {
  const chunks = chunksOf(bundle);
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('prerender: no entry chunk in the build');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const walk = (name: string, into: Set<string>) => {
    if (into.has(name)) return into;
    into.add(name);
    for (const imported of byName.get(name)?.imports ?? []) walk(imported, into);
    return into;
  };
  const inEntry = walk(entry.fileName, new Set());
  const wanted = new Set<string>();
  for (const module of modules) {
    // A module of a named group (vite.config.ts) is in its chunk without being its facade.
    const chunk =
      chunks.find((c) => c.facadeModuleId?.includes(module)) ??
      chunks.find((c) => c.moduleIds.some((id) => id.includes(module)));
    if (!chunk) throw new Error(`prerender: no chunk of ${module} in the build`);
    walk(chunk.fileName, wanted);
  }
  return [...wanted].filter((name) => !inEntry.has(name)).map((name) => `/${name}`);
}

const inline = (fn: (...args: never[]) => void, ...args: unknown[]) =>
  `<script>(${fn.toString()})(${args.map((arg) => JSON.stringify(arg)).join(',')})</script>`;

/** The file a prerendered path is written to: index.html for /, 404.html for the not-found page
 * (`*`), else `<name>.html`. */
export function prerenderedFile(pagePath: string): string {
  if (pagePath === NOT_FOUND) return '404.html';
  return pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}.html`;
}

export function prerenderPublicPages(): Plugin {
  // The other pages' documents, made with index.html and written next to it.
  const others = new Map<string, string>();
  let outDir = 'dist';
  return {
    name: 'postbloom:prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return html;
        const bundle = ctx.bundle;
        const { module } = await runnerImport<typeof import('../src/app/prerender.tsx')>(
          '/src/app/prerender.tsx',
          { configFile: false, logLevel: 'error' },
        );

        // The tags Vite put in <head> for the entry and its imports.
        let entry: string | undefined;
        const preloads: string[] = [];
        const withoutAppTags = html
          .replace(
            /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/,
            (_, src: string) => {
              entry = src;
              return '';
            },
          )
          .replace(
            /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
            (_, href: string) => {
              preloads.push(href);
              return '';
            },
          );
        if (!entry) throw new Error('prerender: no entry script tag in index.html');
        const entryFile = entry;

        const headFor = (
          pagePath: string,
          audience: 'everyone' | 'visitors' | 'members',
          styleTags: string,
        ) =>
          withoutAppTags.replace(
            '</head>',
            `${inline(hidePrerenderedWhereUnused, THEME_HINT_KEY, pagePath, AUTH_STORAGE_KEY, audience, pagePath === NOT_FOUND ? ROUTE_PATHS : [])}` +
              `<style>html[data-prerendered=off] #prerendered{display:none!important}</style>` +
              `${styleTags}</head>`,
          );

        const documentFor = (pagePath: string, pageModule: string) => {
          const { html: markup, styleTags } = module.prerenderPage(pagePath);
          return headFor(
            pagePath,
            pagePath === '/signup' ? 'visitors' : 'everyone',
            styleTags,
          ).replace(
            '<div id="root"></div>',
            `<div id="root"><div id="prerendered" data-path="${pagePath}" style="display:contents">${markup}</div></div>` +
              inline(pointSignUpLinksAtDashboard, AUTH_STORAGE_KEY) +
              inline(followPrerenderedForms, PRERENDERED_FORM_KEY) +
              inline(
                loadApp,
                entryFile,
                preloads,
                pagePreloads(bundle, [pageModule]),
                PRELOADS_PER_TASK,
              ),
          );
        };

        // A signed-in page's frame: over the app (which renders into #root beside it) until the
        // app shows more than loading screens (src/lib/prerendered-shell.ts); only a picture,
        // which clicks, the keyboard and assistive technology pass through.
        const shellFor = (pagePath: string, pageModule: string, headingByParam: object) => {
          const { html: markup, styleTags } = module.prerenderShell(pagePath);
          return headFor(pagePath, 'members', styleTags).replace(
            '<div id="root"></div>',
            `<div id="root"></div><div id="prerendered" data-path="${pagePath}" data-shell inert aria-hidden="true" ` +
              `style="position:fixed;inset:0;z-index:1250;overflow:hidden;background:${module.SHELL_BACKGROUND}">${markup}</div>` +
              inline(nameShellHeading, headingByParam) +
              inline(showRememberedParts, AUTH_STORAGE_KEY, FRAME_HINTS_KEY) +
              inline(
                loadApp,
                entryFile,
                preloads,
                pagePreloads(bundle, [
                  ...module.SIGNED_IN_FIRST_LOAD,
                  pageModule,
                  ...module.SIGNED_IN_SOON_AFTER,
                ]),
                PRELOADS_PER_TASK,
              ),
          );
        };
        for (const [pagePath, shell] of Object.entries(module.PRERENDERED_SHELLS))
          others.set(
            prerenderedFile(pagePath),
            shellFor(pagePath, shell.module, shell.headingByParam ?? {}),
          );

        let landing: string | undefined;
        for (const [pagePath, { module: pageModule }] of Object.entries(module.PRERENDERED_PAGES)) {
          const doc = documentFor(pagePath, pageModule);
          if (pagePath === '/') landing = doc;
          else others.set(prerenderedFile(pagePath), doc);
        }
        if (!landing) throw new Error('prerender: no page for /');
        return landing;
      },
    },
    // Written before the PWA plugin's closeBundle lists dist/ for the service worker's precache.
    writeBundle() {
      for (const [file, doc] of others) writeFileSync(path.join(outDir, file), doc);
    },
  };
}
