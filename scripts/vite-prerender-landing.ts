// A Vite build plugin: the landing page, prerendered into index.html with its critical CSS, so a
// first visit to / paints from the HTML alone; the app's script then renders the same page over it
// (src/main.tsx). index.html is every route's document (and the service worker's offline
// fallback), so:
// - an inline script in <head> keeps that markup off screen anywhere but /, and where the app will
//   paint in dark colours (the markup is light);
// - an inline script right after the markup points its sign-up links at /dashboard for a user
//   whose session is saved on this device;
// - the app's script tags are taken out of <head> and added by an inline script at the end of
//   <body>: at once on every route but /, and on / once the page has painted (with the landing
//   page's chunks preloaded beside the entry), so fetching and running the app never holds back
//   that first paint.
import type { OutputBundle, OutputChunk } from 'rolldown';
import { runnerImport, type Plugin } from 'vite';

const THEME_HINT_KEY = 'postbloom:theme-mode'; // src/features/ui/ui-state.ts
const AUTH_STORAGE_KEY = 'postbloom-auth'; // src/lib/supabase.ts
const LANDING_MODULE = '/src/features/marketing/landing-page.tsx';

/* Runs in the browser, inlined in <head>. */
function hidePrerenderedWhereUnused(themeHintKey: string): void {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(themeHintKey);
  } catch {
    // storage blocked: the system setting decides
  }
  const dark =
    saved === 'dark' ||
    (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (window.location.pathname !== '/' || dark)
    document.documentElement.setAttribute('data-prerendered', 'off');
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

/* Runs in the browser, inlined at the end of <body>. */
function loadApp(entry: string, preloads: string[], landingPreloads: string[]): void {
  const onLanding = document.documentElement.getAttribute('data-prerendered') !== 'off';
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const add = (href: string) => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    };
    preloads.forEach(add);
    if (onLanding) landingPreloads.forEach(add);
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  };
  if (!onLanding) return start();
  // After the frame that shows the prerendered page; a hidden tab gets no frames, hence the timer.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
}

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
}

/** The landing page's chunks that the entry does not import already. */
function landingPreloads(bundle: OutputBundle): string[] {
  const chunks = chunksOf(bundle);
  const entry = chunks.find((chunk) => chunk.isEntry);
  const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(LANDING_MODULE));
  if (!entry || !landing) throw new Error('prerender: no entry or landing page chunk in the build');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const walk = (name: string, into: Set<string>) => {
    if (into.has(name)) return into;
    into.add(name);
    for (const imported of byName.get(name)?.imports ?? []) walk(imported, into);
    return into;
  };
  const inEntry = walk(entry.fileName, new Set());
  return [...walk(landing.fileName, new Set())]
    .filter((name) => !inEntry.has(name))
    .map((name) => `/${name}`);
}

const inline = (fn: (...args: never[]) => void, ...args: unknown[]) =>
  `<script>(${fn.toString()})(${args.map((arg) => JSON.stringify(arg)).join(',')})</script>`;

export function prerenderLanding(): Plugin {
  return {
    name: 'postbloom:prerender-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return html;
        const { module } = await runnerImport<typeof import('../src/app/prerender.tsx')>(
          '/src/app/prerender.tsx',
          { configFile: false, logLevel: 'error' },
        );
        const { html: markup, styleTags } = module.prerenderLanding();

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

        return withoutAppTags
          .replace(
            '</head>',
            `${inline(hidePrerenderedWhereUnused, THEME_HINT_KEY)}` +
              `<style>html[data-prerendered=off] #prerendered{display:none!important}</style>` +
              `${styleTags}</head>`,
          )
          .replace(
            '<div id="root"></div>',
            `<div id="root"><div id="prerendered" style="display:contents">${markup}</div></div>` +
              inline(pointSignUpLinksAtDashboard, AUTH_STORAGE_KEY) +
              inline(loadApp, entry, preloads, landingPreloads(ctx.bundle)),
          );
      },
    },
  };
}
