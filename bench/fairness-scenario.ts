/**
 * Fairness (issue 10, item 8): can one address signing in with a valid account over 40 connections
 * starve other shoppers' catalogue reads? The compiled store (`node build/server/start.js`, as
 * `npm start` runs it) with its production settings and TRUST_PROXY=1, on PGlite and on
 * PostgreSQL, each on a database of its own with the demo catalogue (the reads are answered from
 * the process's caches, so the catalogue's size does not change what is measured). For each:
 * the shoppers' reads alone, then with the flood; then the same store with the per-address limits
 * off and every sign-in at once (hashes four at once, libuv's whole threadpool), as it was before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { ChildProcess } from 'node:child_process';
import { SERVER_BUILT, ensureServerBuild, ensureUiBuild } from '../scripts/builds';
import { Load, fire } from './load';
import { onCleanup, start, stop } from './processes';
import { markdown } from './report';
import {
  CATALOGUE_READ,
  FAIRNESS_ACCOUNT,
  FAIRNESS_FLOOD_ADDRESS,
  FAIRNESS_FLOOD_CONNECTIONS,
  FAIRNESS_READ_ADDRESSES,
  FAIRNESS_READ_RPS,
  FairnessPlan,
  ReadsResult,
} from './scenarios';
import { freePort, freshDatabase, sleep, statusOf, storeEnv } from './startup';

const READERS = path.join(__dirname, 'fairness.ts');
const WARMUP_SECONDS = 2;
/** Where the set-up calls come from: neither the shoppers' addresses nor the flood's. */
const SETUP = { 'x-forwarded-for': '192.0.2.1' };

export type FairnessStore = 'production limits' | 'no limits (before)';

export interface FairnessResult {
  readonly engine: 'PGlite' | 'PostgreSQL';
  readonly store: FairnessStore;
  readonly alone: ReadsResult;
  readonly flooded: ReadsResult;
  /** The sign-in flood as autocannon saw it: its rate and the answers by status. */
  readonly flood: Load;
}

/** The store as it was before its per-address limits and its turns for sign-ins (as many at once as come, hashes four at once on libuv's threads). */
const BEFORE: NodeJS.ProcessEnv = { RATE_LIMIT_REQUESTS: 'off', SIGN_INS_AT_ONCE: '64' };

/** The compiled store with the production settings but `env`, once its catalogue answers. */
const startStore = async (env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> => {
  const port = await freePort();
  const child = start(process.execPath, [SERVER_BUILT], { ...env, PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: '1' });
  onCleanup(() => stop(child));
  // A request log line for every request (LOG_LEVEL's default, as in production), read and dropped.
  child.stdout!.resume();
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 60_000; await sleep(50)) {
    if (child.exitCode !== null) throw new Error(`The store exited (code ${child.exitCode}):\n${errors}`);
    if ((await statusOf(`${base}/api/backendproduct/getproducts?page=1&limit=15`)) === 200) return { child, base };
  }
  throw new Error(`The store did not answer within 60 s:\n${errors}`);
};

const call = (base: string, method: string, path: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: { ...SETUP, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The flood's account (made once per database), and the shoppers' reads of the demo catalogue, each asked once. */
const prepare = async (base: string): Promise<FairnessPlan['reads']> => {
  const signedUp = await call(base, 'POST', '/api/user/signup', FAIRNESS_ACCOUNT);
  if (signedUp.status !== 201 && signedUp.status !== 409) throw new Error(`The flood's account could not be made (${signedUp.status})`);
  const page = (await (await call(base, 'GET', '/api/backendproduct/getproducts?page=1&limit=15')).json()) as { products: { _id: string; title: string }[] };
  const product = page.products[0];
  if (!product) throw new Error('The demo catalogue is empty');
  const reads: FairnessPlan['reads'] = [
    { method: 'GET', path: '/api/backendproduct/getproducts?page=1&limit=15' },
    { method: 'GET', path: `/api/backendproduct/details/${product._id}` },
    { method: 'GET', path: '/api/category/books?page=1&limit=15' },
    { method: 'POST', path: '/api/search', body: { query: product.title.split(' ')[0], page: 1, limit: 20 } },
  ];
  for (const read of reads) {
    const answer = await call(base, read.method, read.path, read.body);
    if (answer.status !== 200) throw new Error(`${read.path} answered ${answer.status}`);
  }
  return reads;
};

/**
 * The shoppers (bench/fairness.ts, its own process); `onMeasuring` is called when its warm-up is
 * over and the measured reads begin.
 */
const readers = (plan: FairnessPlan, onMeasuring: () => void = () => {}): Promise<ReadsResult> =>
  new Promise((resolve, reject) => {
    const child = start(process.execPath, ['--import', 'tsx', READERS, JSON.stringify(plan)]);
    child.stdin!.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), (plan.warmupSeconds + plan.seconds + 60) * 1000);
    let errors = '';
    let result: ReadsResult | undefined;
    child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === 'measuring') onMeasuring();
      else result = JSON.parse(line) as ReadsResult;
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && result) resolve(result);
      else reject(new Error(`The shoppers' reads failed (code ${code}):\n${errors}`));
    });
  });

/** 40 connections from one address signing in with the valid account, as fast as the store answers. */
const flood = (base: string, seconds: number): Promise<Load> =>
  fire(
    {
      method: 'POST',
      url: `${base}/api/user/login`,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': FAIRNESS_FLOOD_ADDRESS },
      body: JSON.stringify({ username: FAIRNESS_ACCOUNT.username, password: FAIRNESS_ACCOUNT.password }),
    },
    seconds,
    FAIRNESS_FLOOD_CONNECTIONS,
  );

const measureStore = async (engine: FairnessResult['engine'], store: FairnessStore, env: NodeJS.ProcessEnv, seconds: number): Promise<FairnessResult> => {
  const { child, base } = await startStore({ ...env, ...(store === 'no limits (before)' ? BEFORE : {}) });
  try {
    const plan: FairnessPlan = {
      server: base,
      reads: await prepare(base),
      addresses: FAIRNESS_READ_ADDRESSES,
      rps: FAIRNESS_READ_RPS,
      connections: 50,
      warmupSeconds: WARMUP_SECONDS,
      seconds,
    };
    console.log(`fairness, ${engine}, ${store}: ${FAIRNESS_READ_RPS} catalogue reads a second from ${FAIRNESS_READ_ADDRESSES.length} addresses, alone; measuring…`);
    const alone = await readers(plan);
    // The flood starts as the measured reads do: its first sign-ins, the ones accepted, are measured too.
    console.log(`fairness, ${engine}, ${store}: the same, while ${FAIRNESS_FLOOD_CONNECTIONS} connections sign in from one address; measuring…`);
    let flooding: Promise<Load> | undefined;
    const flooded = await readers(plan, () => {
      flooding = flood(base, seconds);
      // Awaited below, once the reads are measured.
      flooding.catch(() => {});
    });
    if (!flooding) throw new Error('The flood never started');
    return { engine, store, alone, flooded, flood: await flooding };
  } finally {
    await stop(child);
  }
};

export const measureFairness = async (clusterUrl: string, seconds: number): Promise<FairnessResult[]> => {
  ensureUiBuild();
  ensureServerBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-fairness-'));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const engines: [FairnessResult['engine'], NodeJS.ProcessEnv][] = [
    ['PGlite', storeEnv(path.join(dataDir, 'pglite'))],
    ['PostgreSQL', storeEnv(path.join(dataDir, 'postgres'), await freshDatabase(clusterUrl))],
  ];
  const results: FairnessResult[] = [];
  for (const [engine, env] of engines)
    for (const store of ['production limits', 'no limits (before)'] as const) results.push(await measureStore(engine, store, env, seconds));
  return results;
};

const HEAD = [
  'database, store',
  'reads alone req/s',
  'p50 ms',
  'p99 ms',
  'reads during flood req/s',
  'p50 ms',
  'p99 ms',
  'failed',
  'flood req/s',
  'sign-ins 200',
  '429',
  'other',
  `goal met (p99 < ${CATALOGUE_READ.p99Ms} ms)`,
];

export const fairnessTable = (results: readonly FairnessResult[]): string =>
  markdown(
    HEAD,
    results.map((r) => {
      const { statuses } = r.flood;
      const other = Object.entries(statuses).reduce((sum, [status, count]) => (status === '200' || status === '429' ? sum : sum + count), 0) + r.flood.errors + r.flood.timeouts;
      const met = r.store !== 'production limits' ? 'no goal (before)' : r.flooded.failed ? `no (${r.flooded.failed} failed)` : r.flooded.p99Ms < CATALOGUE_READ.p99Ms ? 'yes' : 'no';
      return [
        `${r.engine}, ${r.store}`,
        r.alone.rps.toFixed(0),
        r.alone.p50Ms.toFixed(1),
        r.alone.p99Ms.toFixed(1),
        r.flooded.rps.toFixed(0),
        r.flooded.p50Ms.toFixed(1),
        r.flooded.p99Ms.toFixed(1),
        String(r.flooded.failed),
        r.flood.rps.toFixed(0),
        String(statuses['200'] ?? 0),
        String(statuses['429'] ?? 0),
        String(other),
        met,
      ];
    }),
  );
