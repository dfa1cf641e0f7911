import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const ROOT = path.resolve(__dirname, '..');
const BUILT = path.join(ROOT, 'ui', 'dist', 'index.html');
/** What the UI build is made from; core/ is in it because the UI imports the shared rules. */
const SOURCES = ['ui/index.html', 'ui/vite.config.mts', 'ui/src', 'ui/public', 'core', 'package-lock.json'];

const newestChange = (entry: string): number => {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
};

export const uiBuildIsStale = (): boolean => {
  if (!fs.existsSync(BUILT)) return true;
  const built = fs.statSync(BUILT).mtimeMs;
  return SOURCES.some((source) => newestChange(path.join(ROOT, source)) > built);
};

/** Builds the UI when its build is missing or older than its sources. */
export const ensureUiBuild = (): void => {
  if (!uiBuildIsStale()) return;
  console.log('Building the UI…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The UI build failed.');
};
