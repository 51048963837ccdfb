import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { PLANNING_ENV, planChunkMerges } from './scripts/chunk-merges.ts';
import { prerenderPublicPages } from './scripts/vite-prerender.ts';

// manifest.webmanifest at the top level is the single source of truth: the dev server serves it
// as is, and the build hands it to the PWA plugin, which writes it into dist/ and precaches it.
const webManifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>;

// React Router's package points every import at its development build (warnings on); its
// production build sits beside it. The app's bundle takes that one; the dev server and the tests
// keep the warnings.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// MUI's createTheme() carries the builder of CSS-variables themes, which the app's theme does not
// use (src/app/theme-without-css-variables.ts); builds leave it out.
const themeWithoutCssVariables = path.resolve(
  import.meta.dirname,
  'src/app/theme-without-css-variables.ts',
);

// supabase-js's Realtime and Storage clients, which the app does not use
// (src/lib/supabase-unused-parts.ts); builds leave them out.
const supabaseUnusedParts = path.resolve(import.meta.dirname, 'src/lib/supabase-unused-parts.ts');

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

// Left to itself, the bundler splits MUI's core into dozens of small chunks, one per set of pages
// sharing them; each costs a request and compresses alone. Every page renders with these, so they
// come in two chunks: the styling engine, and the base components every page's frame uses. A
// signed-in page loads 8-10 KB gzip less; the public pages, whose count is tightest, about 2 KB
// less.
const namedGroups = [
  {
    // React's own chunk, which the page's loader (scripts/vite-prerender.ts) runs in a task of its
    // own before the entry's.
    name: 'react',
    test: /node_modules\/(react|react-dom|scheduler)\//,
  },
  {
    name: 'styles',
    // With the app's style cache, whose plugins make rules as stylis does: the chunk's name is the
    // version of the rules a device remembers (src/app/style-memory.ts).
    test: (id: string) =>
      /node_modules\/(@emotion|stylis|@mui\/styled-engine|@mui\/system|@mui\/material\/(styles|colors)|react-is|hoist-non-react-statics|@babel\/runtime)\//.test(
        id,
      ) || /\/src\/app\/style-(cache|memory)\.tsx?$/.test(id),
  },
  {
    // Named, so the browser tests can hold it back: no page waits for it to paint. Not
    // "supabase", the name the chunk of src/lib/supabase.ts gets, which the store needs.
    name: 'vendor-supabase',
    test: /node_modules\/@supabase\//,
  },
  {
    // Named for the same reason: a page paints without it (src/lib/kv-read.ts).
    name: 'dexie',
    test: /node_modules\/dexie\//,
  },
  {
    name: 'mui-base',
    test: /node_modules\/(@mui\/material\/(utils|internal|transitions|ButtonBase|Typography|SvgIcon|Box|Paper|Link|useLazyRipple|DefaultPropsProvider|zero-styled|useSlot|AppBar|Toolbar|className)|@mui\/icons-material\/utils)\//,
  },
];

/** What the build writes beside the bundle, and how. */
function appOutputs(): PluginOption[] {
  return [
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
        // Web Push: shows the server's notices and opens the app on a click (public/sw-push.js).
        importScripts: ['sw-push.js'],
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
    prerenderPublicPages(),
    // A Brotli and a gzip copy beside each script and style sheet, which the app server sends as
    // they are (scripts/app-server.ts) instead of compressing them at every request. HTML is left
    // out: the public pages' documents are written after the bundle, and each is one request.
    compression({
      include: /\.(js|css|svg)$/,
      threshold: 1024,
      algorithms: ['brotliCompress', 'gzip'],
      logLevel: 'silent',
    }),
  ];
}

export default defineConfig(async ({ command, mode }) => {
  const planning = process.env[PLANNING_ENV] === '1';
  // The small chunks every signed-in load brings together, merged (scripts/chunk-merges.ts): from
  // a first bundle without them.
  const merges =
    command === 'build' && !planning
      ? await planChunkMerges(
          path.join(import.meta.dirname, 'vite.config.ts'),
          mode,
          new Set(namedGroups.map((group) => group.name)),
        )
      : new Map<string, string>();
  return {
    resolve: {
      alias:
        command === 'build'
          ? [
              { find: /^react-router$/, replacement: reactRouterProduction },
              { find: /^\.\/createThemeWithVars\.mjs$/, replacement: themeWithoutCssVariables },
              { find: /^@supabase\/(realtime|storage)-js$/, replacement: supabaseUnusedParts },
            ]
          : [],
    },
    plugins: [
      react(),
      // The first bundle only tells where modules land: no service worker, pages or copies.
      ...(planning ? [] : appOutputs()),
    ],
    server: {
      port: Number(process.env.PORT ?? 5173),
      proxy: {
        '^/(auth|rest|functions|local)/': { target: apiTarget, changeOrigin: true },
      },
    },
    build: {
      manifest: true,
      // No polyfill of <link rel="modulepreload"> in the entry: every browser the app runs in has had
      // it since 2023 (Safari 17, Firefox 115), and one without it still loads every module through
      // its imports, only without the head start. It cost every page 0.5 KB gzip.
      modulePreload: { polyfill: false },
      rollupOptions: {
        // A feature's index.ts only re-exports (lint keeps other features on it): importing one name
        // through it must not keep the rest of the feature in the chunk that imports it.
        treeshake: {
          moduleSideEffects: (id: string) => !/\/src\/features\/[^/]+\/index\.ts$/.test(id),
        },
        output: {
          codeSplitting: {
            groups: [
              ...namedGroups,
              {
                name: (id: string) => merges.get(id) ?? null,
                // Only the modules of the chunks merged: what they import stays where it was.
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
  };
});
