import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The shopper UI. JSX goes through Vite 8's built-in oxc transform with the automatic runtime, so no
 * React plugin is needed. The UI imports shared rules from ../core, hence the fs allowance.
 */
const routerDist = fileURLToPath(new URL('../node_modules/react-router/dist/production/', import.meta.url));

export default defineConfig(({ mode }) => ({
  root,
  publicDir: 'public',
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: {
    // react-router's package exports only point at its development build; ship the production one.
    alias: [
      { find: /^use-sync-external-store\/shim$/, replacement: `${root}src/i18n/use-sync-external-store.ts` },
      ...(mode === 'production'
        ? [
            { find: /^react-router$/, replacement: `${routerDist}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${routerDist}dom-export.mjs` },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // .vite/manifest.json: which files each page needs, so the server can name them in the page
    // template of its path (adapters/http/page-preloads.ts).
    manifest: true,
    rolldownOptions: {
      // boot.ts: the first script of a page the server rendered, which loads the app after the
      // first paint (adapters/http/page-preloads.ts).
      input: { index: `${root}index.html`, boot: `${root}src/boot.ts` },
      output: {
        // Everything the app's entry loads at once, in one chunk: split as the bundler chose, into
        // eleven files shared with the lazy pages, gzip lost its shared dictionary across them
        // (2.6 KB more for the home page). The entries themselves stay apart: boot.ts must not
        // import the app, and main.tsx stays the entry the page's script names.
        codeSplitting: {
          groups: [{ name: 'index', tags: ['$initial'], test: (id) => !/(index\.html|main\.tsx|boot\.ts)$/.test(id) }],
        },
      },
      onwarn(warning, warn) {
        // react-router marks its modules "use client"; that means nothing in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    fs: { allow: ['..'] },
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
}));
