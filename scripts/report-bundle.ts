import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * After `vite build`: writes a .gz beside each text asset (served as is by the app) and prints what
 * the home page ships. The home page's JavaScript is the entry script and the chunks index.html
 * preloads; other routes load lazily. Over the budget, the build fails.
 */
const DIST = path.resolve(__dirname, '..', 'ui', 'dist');
const HOME_JS_BUDGET_KB = 120;

const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

const gzipped = new Map<string, number>();
for (const file of walk(DIST).filter((f) => /\.(js|css|svg|html|json)$/.test(f))) {
  const gz = zlib.gzipSync(fs.readFileSync(file), { level: 9 });
  fs.writeFileSync(`${file}.gz`, gz);
  gzipped.set(path.relative(DIST, file), gz.length);
}

const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
const homeScripts = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map((m) => m[1]);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const homeBytes = homeScripts.reduce((sum, file) => sum + (gzipped.get(file) ?? 0), 0);
const allJs = [...gzipped].filter(([f]) => f.endsWith('.js')).reduce((sum, [, n]) => sum + n, 0);

console.log(`Home page JavaScript: ${kb(homeBytes)} KB gzipped in ${homeScripts.length} files (budget ${HOME_JS_BUDGET_KB} KB); all routes: ${kb(allJs)} KB`);
if (homeBytes > HOME_JS_BUDGET_KB * 1024) {
  console.error('The home page is over its JavaScript budget.');
  process.exit(1);
}
