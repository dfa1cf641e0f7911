import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const HOME_JS_BUDGET_KB = 120;

export interface HomePageJs {
  readonly files: number;
  readonly gzipBytes: number;
}

/**
 * What the home page ships: the entry script and the chunks the built index.html preloads (other
 * routes load lazily), gzipped. Undefined when there is no build.
 */
export const homePageJs = (dist: string): HomePageJs | undefined => {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return undefined;
  const html = fs.readFileSync(index, 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  const gzipBytes = files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length, 0);
  return { files: files.length, gzipBytes };
};
