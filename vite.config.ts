import { readFileSync } from 'node:fs';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import type { OutputBundle } from 'rolldown';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

// manifest.webmanifest at the top level is the single source of truth: the dev server serves it
// as is, and the build hands it to the PWA plugin, which writes it into dist/ and precaches it.
const webManifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>;

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 54321}`;

// Paths the embedded backend answers; a navigation there must reach the server, not the app shell.
const backendPaths = [/^\/auth\//, /^\/rest\//, /^\/functions\//, /^\/local\//];

// index.html links the manifest so the dev server has it too; the PWA plugin adds its own link in
// builds, so keep only the first.
function singleManifestLink(): Plugin {
  return {
    name: 'postbloom:single-manifest-link',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        let seen = false;
        return html.replace(/<link rel="manifest"[^>]*>\s*/g, (link) => {
          if (seen) return '';
          seen = true;
          return link;
        });
      },
    },
  };
}

// The landing page, prerendered into index.html with its critical CSS: a first visit to / paints
// before any script arrives, and the script then renders the same page over it (src/main.tsx).
// index.html is every route's document (and the service worker's offline fallback), so an inline
// script keeps the markup (which React replaces on its first render) off screen anywhere but /, and where the app will paint in dark colours.
// On / it also starts fetching the landing page's code together with the entry.
const THEME_HINT_KEY = 'postbloom:theme-mode'; // src/features/ui/ui-state.ts

function landingPreloads(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const landing = chunks.find((chunk) =>
    chunk.facadeModuleId?.endsWith('/src/features/marketing/landing-page.tsx'),
  );
  if (!entry || !landing) throw new Error('prerender: no entry or landing page chunk in the build');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const inEntry = new Set<string>();
  const walk = (name: string, into: Set<string>) => {
    if (into.has(name)) return;
    into.add(name);
    for (const imported of byName.get(name)?.imports ?? []) walk(imported, into);
  };
  walk(entry.fileName, inEntry);
  const forLanding = new Set<string>();
  walk(landing.fileName, forLanding);
  return [...forLanding].filter((name) => !inEntry.has(name)).map((name) => `/${name}`);
}

function prerenderLanding(): Plugin {
  return {
    name: 'postbloom:prerender-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return html;
        const { module } = await runnerImport<typeof import('./src/app/prerender.tsx')>(
          '/src/app/prerender.tsx',
          { configFile: false, logLevel: 'error' },
        );
        const { html: markup, styleTags } = module.prerenderLanding();
        const guard = `(function(){var d=document.documentElement,t=null;try{t=localStorage.getItem(${JSON.stringify(THEME_HINT_KEY)})}catch(e){}var dark=t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);if(location.pathname!=='/'||dark){d.setAttribute('data-prerendered','off');return}${JSON.stringify(landingPreloads(ctx.bundle))}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)})})()`;
        return html
          .replace(
            '</head>',
            `<script>${guard}</script><style>html[data-prerendered=off] #prerendered{display:none!important}</style>${styleTags}</head>`,
          )
          .replace('<div id="root"></div>', `<div id="root"><div id="prerendered" style="display:contents">${markup}</div></div>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      // src/components/update-prompt.tsx registers the worker through workbox-window.
      injectRegister: false,
      manifest: webManifest,
      // The glob below already precaches every icon; listing them again would duplicate entries.
      includeManifestIcons: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,woff,woff2}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: backendPaths,
        cleanupOutdatedCaches: true,
        // The first visit is controlled at once, so it works offline without a second load.
        clientsClaim: true,
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        runtimeCaching: [
          {
            // The app asks /local/config where its API lives; an offline start needs the last answer.
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname === '/local/config',
            handler: 'NetworkFirst',
            options: { cacheName: 'postbloom-local-config', networkTimeoutSeconds: 3 },
          },
        ],
      },
    }),
    singleManifestLink(),
    prerenderLanding(),
  ],
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '^/(auth|rest|functions|local)/': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    manifest: true,
  },
});
