import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { HOME_JS_BUDGET_KB, homePageJs } from './home-page-js';

/**
 * After `vite build`: writes a .gz and a .br beside each text asset (the app serves the smaller one
 * a browser takes, as they are: Brotli's is a sixth smaller, which a phone on a slow link waits
 * for) and prints what the home page ships. Over the budget, the build fails.
 */
const DIST = path.resolve(__dirname, '..', 'ui', 'dist');

const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

let allJs = 0;
for (const file of walk(DIST).filter((f) => /\.(js|css|svg|html|json)$/.test(f))) {
  const text = fs.readFileSync(file);
  const gz = zlib.gzipSync(text, { level: 9 });
  fs.writeFileSync(`${file}.gz`, gz);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length } }));
  if (file.endsWith('.js')) allJs += gz.length;
}

// In English and in Arabic, each with its own catalogue: the budget holds for both (issue 20).
const [home, arabic] = [homePageJs(DIST, 'en')!, homePageJs(DIST, 'ar')!];
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log(
  `Home page JavaScript: ${kb(home.gzipBytes)} KB gzipped in ${home.files} files in English, ${kb(arabic.gzipBytes)} KB in Arabic (budget ${HOME_JS_BUDGET_KB} KB); all routes: ${kb(allJs)} KB`,
);
if (Math.max(home.gzipBytes, arabic.gzipBytes) > HOME_JS_BUDGET_KB * 1024) {
  console.error('The home page is over its JavaScript budget.');
  process.exit(1);
}

// The first script of a page the server rendered asks for the app once the page is painted
// (ui/src/boot.ts). Bundled with an import of the app's code, it would fetch and run the app before
// the paint again; the chunking in ui/vite.config.mts must keep it apart.
const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, { imports?: string[] }>;
const bootImports = manifest['src/boot.ts']?.imports ?? [];
if (bootImports.length > 0) {
  console.error(`The first script of a rendered page imports ${bootImports.join(', ')}: it must import nothing.`);
  process.exit(1);
}
