/**
 * Cold start and idle memory of the compiled store (issue 10, item 1), as an operator meets them:
 * `node build/server/start.js` with the UI built, on PostgreSQL and on the embedded PGlite, each on
 * a database its first start already migrated and seeded with the demo catalogue. Timed from the
 * spawn to the first 200 of the catalogue's first page; the resident memory is read from
 * /proc/<pid>/status after the process has sat idle a few seconds since that answer.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import pg from 'pg';
import { ChildProcess } from 'node:child_process';
import { SERVER_BUILT, ensureServerBuild, ensureUiBuild } from '../scripts/builds';
import { onCleanup, start, stop } from './processes';

export const FIRST_ANSWER_GOAL_MS = 1000;
export const IDLE_RSS_GOAL_MB = 120;
const CATALOGUE = '/api/backendproduct/getproducts?page=1&limit=15';
const IDLE_MS = 5000;
const RUNS = 3;
const POLL_MS = 5;

export interface StartupResult {
  readonly engine: 'PostgreSQL' | 'PGlite';
  /** Per measured start, spawn to the first 200. */
  readonly firstAnswerMs: readonly number[];
  /** Per measured start, VmRSS after idling. */
  readonly idleRssMb: readonly number[];
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** One GET, its status (0 while nothing listens yet). */
export const statusOf = (url: string): Promise<number> =>
  new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    request.once('error', () => resolve(0));
  });

const residentMb = (pid: number): number => {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`No VmRSS for process ${pid}`);
  return Number(kb) / 1024;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns the compiled store, polls the catalogue until it answers 200; the ms from the spawn. */
const startAndAsk = async (env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; ms: number }> => {
  const port = await freePort();
  const started = performance.now();
  const child = start(process.execPath, [SERVER_BUILT], { ...env, PORT: String(port), HOST: '127.0.0.1' });
  onCleanup(() => stop(child));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}${CATALOGUE}`;
  while (performance.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error(`The store exited (code ${child.exitCode}):\n${output.slice(-2000)}`);
    const status = await statusOf(url);
    if (status === 200) return { child, ms: performance.now() - started };
    if (status !== 0) throw new Error(`The catalogue answered ${status}:\n${output.slice(-2000)}`);
    await sleep(POLL_MS);
  }
  throw new Error(`The store did not answer within 60 s:\n${output.slice(-2000)}`);
};

/** A first start that migrates and seeds, then RUNS measured starts on the same database. */
const measureEngine = async (engine: StartupResult['engine'], env: NodeJS.ProcessEnv): Promise<StartupResult> => {
  const first = await startAndAsk(env);
  await stop(first.child);
  const firstAnswerMs: number[] = [];
  const idleRssMb: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { child, ms } = await startAndAsk(env);
    await sleep(IDLE_MS);
    idleRssMb.push(Number(residentMb(child.pid!).toFixed(1)));
    firstAnswerMs.push(Number(ms.toFixed(0)));
    await stop(child);
  }
  return { engine, firstAnswerMs, idleRssMb };
};

/** The store's environment: nothing inherited that would change what it starts (an admin, a database). */
export const storeEnv = (dataDir: string, databaseUrl?: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

/** A database of its own in the benchmark's cluster, so the demo catalogue never mixes with the large one. */
export const freshDatabase = async (clusterUrl: string): Promise<string> => {
  const name = `startup_${Date.now()}`;
  const client = new pg.Client(clusterUrl);
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

export const measureStartup = async (clusterUrl: string): Promise<StartupResult[]> => {
  ensureUiBuild();
  ensureServerBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-startup-'));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  console.log(`Cold start: node ${path.relative(process.cwd(), SERVER_BUILT)}, ${RUNS} starts per database after a first one that seeds; measuring…`);
  const postgres = await measureEngine('PostgreSQL', storeEnv(path.join(dataDir, 'postgres'), await freshDatabase(clusterUrl)));
  const pglite = await measureEngine('PGlite', storeEnv(path.join(dataDir, 'pglite')));
  return [postgres, pglite];
};

export const startupTable = (results: readonly StartupResult[]): string =>
  [
    `| database | first catalogue answer, median ms (runs) | idle resident MB, median (runs) | goal met (PostgreSQL: under ${FIRST_ANSWER_GOAL_MS} ms and ${IDLE_RSS_GOAL_MB} MB) |`,
    '|----------|----------------------------------------:|-------------------------------:|---------:|',
    ...results.map((r) => {
      const ms = median(r.firstAnswerMs);
      const mb = median(r.idleRssMb);
      const goal = r.engine === 'PostgreSQL' ? (ms < FIRST_ANSWER_GOAL_MS && mb < IDLE_RSS_GOAL_MB ? 'yes' : 'no') : 'no goal';
      return `| ${r.engine} | ${ms} (${r.firstAnswerMs.join(', ')}) | ${mb} (${r.idleRssMb.join(', ')}) | ${goal} |`;
    }),
  ].join('\n');
