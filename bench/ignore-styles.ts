/**
 * The UI's style sheets, which the pages the server renders import, are the browser's. The store's
 * build (esbuild) reads them as nothing; the benchmark's server, run by tsx from the sources, does
 * the same here. Imported before the renderer.
 */
require.extensions['.css'] = (module) => {
  module.exports = {};
};
