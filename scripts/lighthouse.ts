/**
 * `npm run lighthouse [-- --runs N]`: page speed as a new user meets it (issue 10, item 9). Starts
 * the store as `npm start` does (node scripts/launch.js: built when stale, embedded PGlite) on a
 * data directory of its own and a free port in 3300-3399, then runs Lighthouse with its default
 * mobile settings in Debian's Chromium on the home page, a category, a product page, the cart and
 * a buy-now checkout, and prints each page's scores against the goals. Exits 1 when a goal is
 * missed. `--language ar` (or pt, es) measures the same pages at that language's addresses (/ar/...).
 * Not part of `npm test`: a score depends on the machine and varies from run to run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGES, LANGUAGE_COOKIE, SOURCE_LANGUAGE } from '../core/shared/language';
import { GOALS, RENDERED_GOALS, combineRuns, missedGoals, pageScore, scoreTable, type Goals, type LighthouseResult, type PageScore } from './lighthouse-report';

const ROOT = path.resolve(__dirname, '..');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORTS = { first: 3300, last: 3399 };
const READY_WITHIN_MS = 180_000;
const LIGHTHOUSE_CLI = path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
const LIGHTHOUSE_VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }).version;

const runsWanted = (): number => {
  const at = process.argv.indexOf('--runs');
  const runs = at >= 0 ? Number(process.argv[at + 1]) : 1;
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new Error('--runs takes a whole number from 1 to 20');
  return runs;
};

/** The language whose addresses are measured (issue 20: the same goals in Arabic); English by default. */
const languageWanted = (): string => {
  const at = process.argv.indexOf('--language');
  const language = at >= 0 ? (process.argv[at + 1] ?? '') : SOURCE_LANGUAGE;
  if (!(LANGUAGES as readonly string[]).includes(language)) throw new Error(`--language takes one of ${LANGUAGES.join(', ')}`);
  return language;
};

const portIsFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

const freePort = async (): Promise<number> => {
  for (let port = PORTS.first; port <= PORTS.last; port++) if (await portIsFree(port)) return port;
  throw new Error(`No free port in ${PORTS.first}-${PORTS.last}`);
};

interface Reply {
  readonly status: number;
  readonly body: string;
  readonly cookies: readonly string[];
}

const call = (base: string, method: string, route: string, body?: unknown, cookie?: string): Promise<Reply> =>
  new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      `${base}${route}`,
      {
        method,
        agent: false,
        headers: {
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
          ...(cookie ? { Cookie: cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, cookies: res.headers['set-cookie'] ?? [] }));
      },
    );
    request.once('error', reject);
    request.end(payload);
  });

const expectOk = (reply: Reply, what: string): Reply => {
  if (reply.status < 200 || reply.status > 299) throw new Error(`${what} answered ${reply.status}: ${reply.body.slice(0, 300)}`);
  return reply;
};

/** The store as `npm start` runs it, on its own port and a throwaway data directory. */
const startStore = async (dataDir: string, port: number): Promise<{ child: ChildProcess; base: string }> => {
  const child = spawn(process.execPath, ['scripts/launch.js'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + READY_WITHIN_MS; ; await new Promise((r) => setTimeout(r, 250))) {
    if (child.exitCode !== null) throw new Error(`The store exited (code ${child.exitCode}):\n${output.slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`The store was not ready within ${READY_WITHIN_MS / 1000} s:\n${output.slice(-2000)}`);
    const ready = await call(base, 'GET', '/api/ready').catch(() => undefined);
    if (ready?.status === 200) return { child, base };
  }
};

const stopStore = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });

interface Page {
  readonly name: string;
  readonly path: string;
  /** The shopper's session cookie, for the signed-in pages. */
  readonly cookie?: string;
  /** The server renders it (issue 22): its goals are higher. */
  readonly goals: Goals;
}

/** A priced demo product (so the checkout shows its payment choice), and a new shopper with it in the cart. */
const preparePages = async (base: string, language: string): Promise<Page[]> => {
  const prefix = language === SOURCE_LANGUAGE ? '' : `/${language}`;
  const listing = JSON.parse(expectOk(await call(base, 'GET', '/api/backendproduct/getproducts?page=1&limit=50'), 'The catalogue').body) as {
    products: { _id: string; price: number; category: string; title: string }[];
  };
  const product = listing.products.find((p) => p.price > 0 && p.category === 'books');
  if (!product) throw new Error('The demo catalogue has no priced book');
  const name = `speed${Date.now().toString(36)}`;
  const signUp = expectOk(
    await call(base, 'POST', '/api/user/signup', { username: name, email: `${name}@lighthouse.test`, password: 'Lighthouse12', repeatpassword: 'Lighthouse12' }),
    'Sign-up',
  );
  const session = signUp.cookies.map((c) => c.split(';')[0]).find((c) => c.startsWith('sid='));
  if (!session) throw new Error('Sign-up set no session cookie');
  // The language's cookie too, as a shopper who chose it has: else the store sets it on the first
  // page, and Chromium then sends its own cookies instead of Lighthouse's header, signed out.
  const cookie = language === SOURCE_LANGUAGE ? session : `${session}; ${LANGUAGE_COOKIE}=${language}`;
  expectOk(await call(base, 'POST', '/api/addtocart', { id: product._id }, cookie), 'Adding to the cart');
  return [
    { name: 'home', path: `${prefix}/`, goals: RENDERED_GOALS },
    { name: 'category (books)', path: `${prefix}/category/books`, goals: RENDERED_GOALS },
    { name: 'product', path: `${prefix}/product/${product._id}`, goals: RENDERED_GOALS },
    { name: 'search results', path: `${prefix}/search-page?q=${encodeURIComponent(product.title.split(' ')[0]!)}`, goals: RENDERED_GOALS },
    { name: 'cart (signed in)', path: `${prefix}/user/cartPage`, cookie, goals: GOALS },
    { name: 'checkout, buy now (signed in)', path: `${prefix}/checkout/${product._id}`, cookie, goals: GOALS },
  ];
};

/**
 * One Lighthouse run of one page in a fresh Chromium, with Lighthouse's defaults (mobile, simulated
 * throttling). Lighthouse runs on plain Node, through its own command line, not inside this tsx
 * process: tsx rewrites every module it loads, Lighthouse's too, and the functions Lighthouse sends
 * into the page then call esbuild's `__name` helper, which the page lacks.
 */
const measure = (base: string, page: Page, reportFile: string): Promise<PageScore> =>
  new Promise((resolve, reject) => {
    const args = [
      LIGHTHOUSE_CLI,
      `${base}${page.path}`,
      '--output=json',
      `--output-path=${reportFile}`,
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox',
      '--only-categories=performance,accessibility,seo',
      '--only-audits=errors-in-console',
      ...(page.cookie ? [`--extra-headers=${JSON.stringify({ Cookie: page.cookie })}`] : []),
      ...(process.env.LIGHTHOUSE_KEEP ? ['--save-assets'] : []),
    ];
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`Lighthouse failed on ${page.path} (exit ${code}):\n${errors.slice(-2000)}`));
      try {
        resolve(pageScore(page.name, JSON.parse(fs.readFileSync(reportFile, 'utf8')) as LighthouseResult));
      } catch (error) {
        reject(error);
      }
    });
  });

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, more often on a busy machine): such a run is run again. */
const measureWithRetries = async (base: string, page: Page, reportFile: string, attempts = 3): Promise<PageScore> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(base, page, reportFile);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`  (run failed, trying again: ${String(error instanceof Error ? error.message : error).replace(/\s+/g, ' ').slice(0, 300)})`);
    }
  }
};

const main = async (): Promise<number> => {
  const runs = runsWanted();
  const language = languageWanted();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lighthouse-'));
  // LIGHTHOUSE_KEEP=<folder> keeps every report and its trace there, for profiling.
  const reports = process.env.LIGHTHOUSE_KEEP ?? path.join(dataDir, 'reports');
  fs.mkdirSync(reports, { recursive: true });
  const port = await freePort();
  console.log(`Starting the store (node scripts/launch.js) on port ${port}, data in ${dataDir}…`);
  let store: Awaited<ReturnType<typeof startStore>> | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      store?.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  try {
    store = await startStore(dataDir, port);
    const pages = await preparePages(store.base, language);
    const rows = [];
    for (const page of pages) {
      const scores: PageScore[] = [];
      for (let run = 1; run <= runs; run++) {
        console.log(`Lighthouse: ${page.name} (${page.path})${runs > 1 ? `, run ${run} of ${runs}` : ''}…`);
        const name = `${page.name.replace(/\W+/g, '-')}-${run}`;
        scores.push(await measureWithRetries(store.base, page, path.join(reports, `${name}.json`)));
      }
      rows.push({ score: combineRuns(scores), runs: scores.map((s) => s.performance), goals: page.goals });
    }
    const each = runs > 1 ? ` (${runs} runs a page: the run of median performance; the worst accessibility, layout shift and console errors)` : '';
    console.log(`\nLighthouse ${LIGHTHOUSE_VERSION}${each}, default mobile settings, ${CHROMIUM}, language ${language}:\n`);
    console.log(scoreTable(rows));
    return rows.some((r) => missedGoals(r.score, r.goals).length > 0) ? 1 : 0;
  } finally {
    if (store) await stopStore(store.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
