// @ts-check
/**
 * The two builds `npm start` needs, each made on first start and again when its sources are newer:
 * the UI (Vite, into ui/dist) and the server (esbuild, into build/server). Plain JavaScript, so that
 * the launcher runs on bare Node with no transpiler.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const UI_BUILT = path.join(ROOT, 'ui', 'dist', 'index.html');
/** What the UI build is made from; core/ is in it because the UI imports the shared rules. */
const UI_SOURCES = ['ui/index.html', 'ui/vite.config.mts', 'ui/src', 'ui/public', 'core', 'package-lock.json'];

const SERVER_DIR = path.join(ROOT, 'build', 'server');
const SERVER_ENTRY = path.join(ROOT, 'scripts', 'start.ts');
/** The embedded database's thread (adapters/persistence/pglite-thread.ts): a file of its own, beside the server. */
const PGLITE_WORKER_ENTRY = path.join(ROOT, 'adapters', 'persistence', 'pglite-worker.ts');
const STAMP_WORKER_ENTRY = path.join(ROOT, 'adapters', 'stamping', 'stamp-worker.ts');
const SERVER_BUILT = path.join(SERVER_DIR, 'start.js');
/** The files esbuild read for the last build (its metafile's inputs): exactly what the build is made from. */
const SERVER_INPUTS = path.join(SERVER_DIR, 'inputs.json');
/** Besides the bundled sources: what changes how they compile or what they import from node_modules. */
const SERVER_SETTINGS = ['package-lock.json', 'tsconfig.json', 'scripts/builds.js'];

/** @param {string} entry */
const newestChange = (entry) => {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
};

const uiBuildIsStale = () => {
  if (!fs.existsSync(UI_BUILT)) return true;
  const built = fs.statSync(UI_BUILT).mtimeMs;
  return UI_SOURCES.some((source) => newestChange(path.join(ROOT, source)) > built);
};

/** Builds the UI when its build is missing or older than its sources. */
const ensureUiBuild = () => {
  if (!uiBuildIsStale()) return;
  console.log('Building the UI…');
  // Whoever started the store (jest sets NODE_ENV=test) must not turn the build into a development one.
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error('The UI build failed.');
};

const serverBuildIsStale = () => {
  if (!fs.existsSync(SERVER_BUILT) || !fs.existsSync(SERVER_INPUTS)) return true;
  const built = fs.statSync(SERVER_BUILT).mtimeMs;
  /** @type {string[]} */
  const inputs = JSON.parse(fs.readFileSync(SERVER_INPUTS, 'utf8'));
  // A source that is gone was imported by one that changed, so its importer's time tells; a
  // missing one counts as changed all the same.
  return [...inputs, ...SERVER_SETTINGS].some((file) => {
    const full = path.join(ROOT, file);
    return !fs.existsSync(full) || fs.statSync(full).mtimeMs > built;
  });
};

/**
 * Compiles the server's TypeScript (scripts/start.ts and all it imports from core/, api/ and
 * adapters/) into one CommonJS file, build/server/start.js, and the database's and the stamping's threads into
 * build/server/pglite-worker.js and stamp-worker.js, when they are missing or stale. Packages
 * stay in node_modules (external), so their own files (PGlite's wasm, the geoip data) are found
 * where they always are. No type check here: `npm test` does that. Written to a temporary name and
 * renamed, so two stores starting at once never run a half-written build.
 */
const ensureServerBuild = () => {
  if (!serverBuildIsStale()) return;
  console.log('Building the server…');
  // Loaded only when a build is due: an up-to-date start does not pay for it.
  const esbuild = require('esbuild');
  const result = esbuild.buildSync({
    entryPoints: { start: SERVER_ENTRY, 'pglite-worker': PGLITE_WORKER_ENTRY, 'stamp-worker': STAMP_WORKER_ENTRY },
    outdir: SERVER_DIR,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    // The UI's pages are rendered by the server too (ui/src/server): their styles are the browser's.
    loader: { '.css': 'empty' },
    sourcemap: 'linked',
    sourcesContent: false,
    absWorkingDir: ROOT,
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  fs.mkdirSync(SERVER_DIR, { recursive: true });
  const suffix = `.${process.pid}.tmp`;
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/'));
  const files = [...result.outputFiles.map((out) => ({ path: out.path, contents: out.contents })), { path: SERVER_INPUTS, contents: JSON.stringify(inputs, null, 1) }];
  for (const file of files) fs.writeFileSync(file.path + suffix, file.contents);
  // The entry last: it is what marks the build as done and dates it.
  for (const file of files.filter((f) => f.path !== SERVER_BUILT)) fs.renameSync(file.path + suffix, file.path);
  fs.renameSync(SERVER_BUILT + suffix, SERVER_BUILT);
};

module.exports = { ROOT, SERVER_BUILT, uiBuildIsStale, ensureUiBuild, serverBuildIsStale, ensureServerBuild };
