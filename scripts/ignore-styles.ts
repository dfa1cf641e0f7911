/**
 * The UI's style sheets, which the pages the server renders import, are the browser's. The store's
 * build (esbuild) reads them as nothing; run by tsx from the sources (the benchmark's server, tests
 * that start scripts/start.ts), the server does the same here. Imported before the renderer.
 */
require.extensions['.css'] = (module) => {
  module.exports = {};
};
