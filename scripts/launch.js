/**
 * `npm start`: builds the UI and the server when missing or stale, then runs the compiled server
 * (build/server/start.js) in this same process. Plain JavaScript on bare Node: no transpiler at run time.
 */
const { ensureServerBuild, ensureUiBuild, SERVER_BUILT } = require('./builds');

try {
  ensureUiBuild();
  ensureServerBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// React's production build for the pages the server renders, unless a caller (a test) says otherwise.
process.env.NODE_ENV ??= 'production';
require(SERVER_BUILT);
