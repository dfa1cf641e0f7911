import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const HOME_JS_BUDGET_KB = 120;

export interface HomePageJs {
  readonly files: number;
  readonly gzipBytes: number;
}

/**
 * The chunks the server adds to every page of a language (adapters/http/page-preloads.ts): the
 * language's first catalogue, and the first script of a page it rendered (ui/src/boot.ts), as the
 * home page is.
 */
const addedChunks = (dist: string, language: string): string[] => {
  const manifest = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifest)) return [];
  const chunks = JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, { file: string }>;
  return [`src/i18n/locales/${language}/common.json`, 'src/boot.ts'].flatMap((source) => (chunks[source] ? [chunks[source].file] : []));
};

/**
 * What the home page ships in a language: the entry script, the chunks the built index.html
 * preloads (other routes load lazily), the language's first catalogue and the first script of a
 * rendered page, gzipped. Undefined when
 * there is no build.
 */
export const homePageJs = (dist: string, language = 'en'): HomePageJs | undefined => {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return undefined;
  const html = fs.readFileSync(index, 'utf8');
  const files = [
    ...[...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)].map((m) => m[1]!),
    ...addedChunks(dist, language),
  ];
  const gzipBytes = files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length, 0);
  return { files: files.length, gzipBytes };
};
