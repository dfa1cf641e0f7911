/**
 * Downloads at volume (issue 19): one store process serving 100 downloads at once of a 500 MB file,
 * on the local disk and on the tests' S3 server (s3rver, a process of its own). For each storage:
 * 1. the storage alone: the same number of whole reads at once straight from the adapter
 *    (bench/downloads.ts, its own process): total MB/s;
 * 2. through the compiled store (`node build/server/start.js`, PGlite, STORAGE=disk or s3): an
 *    admin makes a free product, uploads the file through the real upload call and raises its
 *    downloads per buyer; buyers take the free order; then every download at once, each through a
 *    fresh link of the buyer's real link call (bench/downloads.ts again): total MB/s, every download
 *    its whole size, one hashed; the store's resident memory (VmRSS) sampled every 100 ms, before
 *    and at its peak; beside them a signed-in shopper's catalogue reads at a steady pace (a third
 *    process). Goals: memory grows under 100 MB, throughput at least 80% of the storage alone,
 *    reads' p99 under 25 ms.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ChildProcess, fork } from 'node:child_process';
import { createReadStream } from 'node:fs';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { SERVER_BUILT, ensureServerBuild, ensureUiBuild } from '../scripts/builds';
import { LocalDiskStorage } from '../adapters/storage/local-disk-storage';
import { S3Settings, S3Storage } from '../adapters/storage/s3-storage';
import type { FileStorage } from '../core/delivery/ports/file-storage';
import { exec, onCleanup, start, stop } from './processes';
import { markdown } from './report';
import { CATALOGUE_READ } from './scenarios';
import { freePort, sleep, statusOf, storeEnv } from './startup';
import type { DownloadTicket, ReadsPlan, ReadsRun, StoragePlan, StorePlan, Transfer } from './downloads';

const DRIVER = path.join(__dirname, 'downloads.ts');
const S3RVER = path.resolve(__dirname, '..', 'tests', 'support', 's3rver-process.js');
/** s3rver's fixed credentials: it checks every request's signature against them. */
const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const BUCKET = 'bench-files';

export const DOWNLOADS = 100;
/** The file's size; BENCH_DOWNLOAD_MB makes it smaller for a quick try of the benchmark itself. */
export const FILE_MB = Number(process.env.BENCH_DOWNLOAD_MB ?? 500);
if (!Number.isInteger(FILE_MB) || FILE_MB < 1 || FILE_MB > 2000) throw new Error('BENCH_DOWNLOAD_MB takes a whole number of megabytes from 1 to 2000');
export const RSS_GROWTH_GOAL_MB = 100;
export const THROUGHPUT_GOAL = 0.8;
const BUYERS = 10;
const READ_RPS = 200;
/** The reads alone before the downloads begin: the same shopper's p99 on an idle store. */
const READS_ALONE_MS = 3000;
const SAMPLE_MS = 100;
const CATALOGUE = '/api/backendproduct/getproducts?page=1&limit=15';
const ADMIN = { username: 'benchowner', email: 'benchowner@store.test', password: 'Owner123' };
const PASSWORD = 'Bench123';

export type StorageKind = 'disk' | 's3';

export interface Reads {
  readonly requests: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly failed: number;
}

export interface DownloadsResult {
  readonly storage: StorageKind;
  readonly fileBytes: number;
  readonly downloads: number;
  readonly alone: Transfer;
  readonly upload: { readonly seconds: number; readonly megabytesPerSecond: number };
  readonly store: Transfer;
  readonly ratio: number;
  readonly rssMb: { readonly before: number; readonly peak: number; readonly growth: number };
  /** CPU over the downloads through the store, as shares of one core (the machine has os.cpus().length). */
  readonly cpuCores: { readonly store: number; readonly loadGenerator: number; readonly s3rver?: number; readonly s3rverAlone?: number; readonly loadGeneratorAlone: number };
  readonly readsAlone: Reads;
  readonly readsDuring: Reads;
  readonly goalMet: boolean;
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0).toFixed(1));
};

const readsOf = (run: ReadsRun, from: number, to: number): Reads => {
  const ms = run.reads.filter(([due]) => due >= from && due <= to).map(([, ms]) => ms);
  return { requests: ms.length, p50Ms: percentile(ms, 50), p99Ms: percentile(ms, 99), failed: run.failed.filter((due) => due >= from && due <= to).length };
};

/** A PDF of FILE_MB megabytes: its header, incompressible filler, its end; and its SHA-256. */
const makeBook = async (file: string): Promise<{ size: number; sha256: string }> => {
  const size = FILE_MB * 1_000_000;
  const hash = createHash('sha256');
  const out = fs.openSync(file, 'w');
  try {
    const chunk = 8 * 1024 * 1024;
    for (let at = 0; at < size; at += chunk) {
      const part = randomBytes(Math.min(chunk, size - at));
      if (at === 0) part.write('%PDF-1.7\n', 0, 'latin1');
      if (at + part.length === size) part.write('\n%%EOF\n', part.length - 7, 'latin1');
      hash.update(part);
      fs.writeSync(out, part);
    }
  } finally {
    fs.closeSync(out);
  }
  return { size, sha256: hash.digest('hex') };
};

/** s3rver in a process of its own (the tests' own script), its objects under `directory`. */
const startS3rver = async (directory: string): Promise<{ child: ChildProcess; settings: S3Settings }> => {
  const child = fork(S3RVER, [directory, BUCKET], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  onCleanup(() => stop(child));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver stopped at start (exit ${code})`)));
  });
  return { child, settings: { bucket: BUCKET, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, credentials: S3RVER_KEYS, forcePathStyle: true } };
};

/** CPU seconds a process has used so far (utime + stime of /proc/<pid>/stat). */
const cpuSeconds = (pid: number): number => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are the stat's 14th and 15th fields, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const residentMb = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Reads the storage alone: the same downloads straight from the adapter, in the load's own process. */
const readAlone = async (kind: StorageKind, book: string, size: number, root: string, s3?: { child: ChildProcess; settings: S3Settings }) => {
  const key = 'products/bench/book.pdf';
  const storage: FileStorage = kind === 'disk' ? new LocalDiskStorage(root) : new S3Storage(s3!.settings);
  await storage.put(key, createReadStream(book), { contentType: 'application/pdf', visibility: 'private' });
  if (storage instanceof S3Storage) storage.close();
  const plan: StoragePlan = { phase: 'storage', storage: kind === 'disk' ? { kind, root } : { kind, settings: s3!.settings }, key, size, downloads: DOWNLOADS };
  console.log(`downloads, ${kind}: ${DOWNLOADS} whole reads at once straight from the storage adapter; measuring…`);
  const s3Before = s3 ? cpuSeconds(s3.child.pid!) : 0;
  const transfer = JSON.parse(await exec(process.execPath, ['--import', 'tsx', DRIVER, JSON.stringify(plan)], { timeoutMs: 900_000 })) as Transfer;
  const s3rverCores = s3 ? Number(((cpuSeconds(s3.child.pid!) - s3Before) / transfer.seconds).toFixed(2)) : undefined;
  if (transfer.short || transfer.failures.length) throw new Error(`Reading the storage alone failed: ${transfer.short} short, ${transfer.failures.join('; ')}`);
  return { transfer, s3rverCores };
};

/** The compiled store on PGlite in `dataDir`, with the admin the benchmark signs in as; once its catalogue answers. */
const startStore = async (env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> => {
  const port = await freePort();
  // BENCH_PROFILE=<folder>: the store's CPU profile (node --cpu-prof) is written there when it stops.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
  const child = start(process.execPath, [...profile, ...(process.env.BENCH_ELD ? ['--require', process.env.BENCH_ELD] : []), SERVER_BUILT], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUST_PROXY: '1',
    // Every buyer's requests come from 127.0.0.1 with an address of their own (X-Forwarded-For); the
    // link calls and downloads of 100 at once are not what the per-address limit is measured on here.
    RATE_LIMIT_REQUESTS: 'off',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  onCleanup(() => stop(child));
  // Its request log is read by no one: a line per read would otherwise fill the pipe and stall it.
  child.stdout!.resume();
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 60_000; await sleep(50)) {
    if (child.exitCode !== null) throw new Error(`The store exited (code ${child.exitCode}):\n${errors}`);
    if ((await statusOf(`${base}${CATALOGUE}`)) === 200) return { child, base };
  }
  throw new Error(`The store did not answer within 60 s:\n${errors}`);
};

interface Session {
  readonly cookie: string;
  readonly address: string;
}

const call = async (base: string, method: string, route: string, who: Session | undefined, body?: unknown) => {
  const answer = await fetch(`${base}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(who ? { cookie: who.cookie, 'x-forwarded-for': who.address } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
  if (!answer.ok) throw new Error(`${method} ${route} answered ${answer.status}: ${String(json.message)}`);
  return { answer, json };
};

const sessionOf = (answer: Response, address: string): Session => {
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('sid='))?.split(';')[0];
  if (!cookie) throw new Error(`No session after ${answer.url}`);
  return { cookie, address };
};

/** The real upload call: the file streamed as the request's body, as the editor's Files section sends it. */
const upload = (base: string, admin: Session, productId: string, book: string, size: number): Promise<{ fileId: string; seconds: number }> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(`${base}/api/admin/products/${productId}/files?name=bench-book.pdf`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'x-forwarded-for': admin.address, 'content-type': 'application/octet-stream', 'content-length': String(size) },
    });
    request.once('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.once('end', () => {
        const body = JSON.parse(text || '{}') as { file?: { _id: string }; message?: string };
        if (response.statusCode !== 200 || !body.file) return reject(new Error(`The upload answered ${response.statusCode}: ${body.message}`));
        resolve({ fileId: body.file._id, seconds: (performance.now() - started) / 1000 });
      });
    });
    request.once('error', reject);
    createReadStream(book).pipe(request);
  });

/** The admin's free product with the file; buyers who took it; a reader; the reads' paths. */
const prepareStore = async (base: string, book: string, size: number) => {
  const signedIn = await call(base, 'POST', '/api/user/login', { cookie: '', address: '198.51.100.250' }, { username: ADMIN.username, password: ADMIN.password });
  const admin = sessionOf(signedIn.answer, '198.51.100.250');
  const product = {
    title: 'Benchmark Atlas of Endodontics',
    author: ['Bench Author'],
    description: 'A large book for the downloads benchmark.',
    price: '0',
    egpprice: '0',
    category: 'books',
    subcategory: ['Endodontics'],
    size: String(FILE_MB),
    Pages: '900',
    Language: 'English',
    format: 'pdf',
    year: '2024',
    isbn: '978-0-00-000000-0',
    producturl: '',
    downloadpass: '',
  };
  const productId = String((await call(base, 'POST', '/api/backendproduct/addnew', admin, product)).json.id);
  const uploaded = await upload(base, admin, productId, book, size);
  await call(base, 'PUT', `/api/admin/products/${productId}/downloads-per-buyer`, admin, { downloadsPerBuyer: 1000 });

  const signUp = async (name: string, address: string) =>
    sessionOf((await call(base, 'POST', '/api/user/signup', { cookie: '', address }, { username: name, email: `${name}@shop.test`, password: PASSWORD })).answer, address);
  const tickets: DownloadTicket[] = [];
  const linkPaths: { buyer: Session; linkPath: string }[] = [];
  for (let n = 0; n < BUYERS; n++) {
    const buyer = await signUp(`downloader${n}`, `198.51.100.${n + 1}`);
    const paid = await call(base, 'POST', '/api/checkout/pay', buyer, { name: `Downloader ${n}`, email: `downloader${n}@shop.test`, productId });
    const orderId = (paid.json.order as { orderId: string }).orderId;
    linkPaths.push({ buyer, linkPath: `/api/orders/${orderId}/files/${productId}/${uploaded.fileId}/link` });
  }
  for (let n = 0; n < DOWNLOADS; n++) {
    const { buyer, linkPath } = linkPaths[n % BUYERS]!;
    tickets.push({ ...buyer, linkPath });
  }
  const reader = await signUp('downloadsreader', '198.51.100.200');
  const page = (await call(base, 'GET', CATALOGUE, reader)).json as { products: { _id: string }[] };
  const paths = [CATALOGUE, `/api/backendproduct/details/${page.products[0]!._id}`, '/api/category/books?page=1&limit=15', '/api/backendproduct/recommended?page=1&limit=8'];
  // Each once, so that the reads measured are those of a store open a while (its caches warm).
  for (const read of paths) await call(base, 'GET', read, reader);
  return { tickets, reader, paths, upload: { seconds: Number(uploaded.seconds.toFixed(1)), megabytesPerSecond: Number((size / 1e6 / uploaded.seconds).toFixed(0)) } };
};

/** The reads' process, once it reads: stopped by closing its stdin, then its JSON. */
const startReads = async (plan: ReadsPlan) => {
  const child = start(process.execPath, ['--import', 'tsx', DRIVER, JSON.stringify(plan)]);
  onCleanup(() => stop(child));
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    readline.createInterface({ input: child.stderr! }).on('line', (line) => (line === 'reading' ? resolve() : console.error(`reads: ${line}`)));
    child.once('exit', (code) => reject(new Error(`The reads' process exited (code ${code})`)));
  });
  return async (): Promise<ReadsRun> => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin!.end();
    await exited;
    return JSON.parse(stdout) as ReadsRun;
  };
};

const measureStorage = async (kind: StorageKind, work: string, book: { file: string; size: number; sha256: string }, s3?: { child: ChildProcess; settings: S3Settings }): Promise<DownloadsResult> => {
  const alone = await readAlone(kind, book.file, book.size, path.join(work, `${kind}-alone`), s3);
  const storageEnv: NodeJS.ProcessEnv =
    kind === 'disk'
      ? { STORAGE: 'disk' }
      : {
          STORAGE: 's3',
          S3_BUCKET: s3!.settings.bucket,
          S3_ENDPOINT: s3!.settings.endpoint,
          S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
          S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
        };
  const { child, base } = await startStore({ ...storeEnv(path.join(work, `${kind}-store`)), ...storageEnv });
  try {
    console.log(`downloads, ${kind}: the admin uploads the ${FILE_MB} MB file through the store; ${BUYERS} buyers take it free…`);
    const prepared = await prepareStore(base, book.file, book.size);
    const pid = child.pid!;
    const samples: { at: number; mb: number }[] = [];
    const sampler = setInterval(() => samples.push({ at: Date.now(), mb: residentMb(pid) }), SAMPLE_MS);
    try {
      const stopReads = await startReads({ phase: 'reads', server: base, cookie: prepared.reader.cookie, address: prepared.reader.address, paths: prepared.paths, rps: READ_RPS });
      await sleep(READS_ALONE_MS);
      const aloneUntil = Date.now();
      const before = residentMb(pid);
      const cpu = { store: cpuSeconds(pid), s3rver: s3 ? cpuSeconds(s3.child.pid!) : 0 };
      console.log(`downloads, ${kind}: ${DOWNLOADS} downloads at once through the store (a fresh link each), beside ${READ_RPS} signed-in reads a second; measuring…`);
      const plan: StorePlan = { phase: 'store', server: base, tickets: prepared.tickets, size: book.size, sha256: book.sha256 };
      const store = JSON.parse(await exec(process.execPath, ['--import', 'tsx', DRIVER, JSON.stringify(plan)], { timeoutMs: 900_000 })) as Transfer;
      const storeCores = Number(((cpuSeconds(pid) - cpu.store) / store.seconds).toFixed(2));
      const s3rverCores = s3 ? Number(((cpuSeconds(s3.child.pid!) - cpu.s3rver) / store.seconds).toFixed(2)) : undefined;
      const reads = await stopReads();
      const peak = Math.max(before, ...samples.filter((s) => s.at >= store.startedAt && s.at <= store.endedAt + SAMPLE_MS).map((s) => s.mb));
      const ratio = Number((store.megabytesPerSecond / alone.transfer.megabytesPerSecond).toFixed(2));
      const readsDuring = readsOf(reads, store.startedAt, store.endedAt);
      const rssMb = { before: Number(before.toFixed(1)), peak: Number(peak.toFixed(1)), growth: Number((peak - before).toFixed(1)) };
      const whole = store.short === 0 && store.failures.length === 0 && store.hashMatches === true;
      return {
        storage: kind,
        fileBytes: book.size,
        downloads: DOWNLOADS,
        alone: alone.transfer,
        upload: prepared.upload,
        store,
        ratio,
        rssMb,
        cpuCores: { store: storeCores, loadGenerator: store.cpuCores, s3rver: s3rverCores, s3rverAlone: alone.s3rverCores, loadGeneratorAlone: alone.transfer.cpuCores },
        readsAlone: readsOf(reads, 0, aloneUntil),
        readsDuring,
        goalMet: whole && rssMb.growth < RSS_GROWTH_GOAL_MB && ratio >= THROUGHPUT_GOAL && readsDuring.failed === 0 && readsDuring.p99Ms < CATALOGUE_READ.p99Ms,
      };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await stop(child);
  }
};

export const measureDownloads = async (): Promise<DownloadsResult[]> => {
  ensureUiBuild();
  ensureServerBuild();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-downloads-'));
  onCleanup(() => fs.rmSync(work, { recursive: true, force: true }));
  console.log(`downloads: making a ${FILE_MB} MB PDF of random bytes…`);
  const file = path.join(work, 'book.pdf');
  const book = { file, ...(await makeBook(file)) };
  const disk = await measureStorage('disk', work, book);
  const s3 = await startS3rver(path.join(work, 's3rver'));
  try {
    return [disk, await measureStorage('s3', work, book, s3)];
  } finally {
    await stop(s3.child);
  }
};

const readsCell = (r: Reads) => `${r.p50Ms} / ${r.p99Ms}${r.failed ? ` (${r.failed} failed)` : ''}`;

export const downloadsTable = (results: readonly DownloadsResult[]): string => {
  const main = markdown(
    [
      'storage',
      'storage alone MB/s',
      'through the store MB/s',
      `ratio (goal >= ${THROUGHPUT_GOAL})`,
      `store RSS before / peak / growth MB (goal < ${RSS_GROWTH_GOAL_MB})`,
      'every byte, hash',
      'reads p50 / p99 ms alone',
      `reads p50 / p99 ms during (goal < ${CATALOGUE_READ.p99Ms})`,
      'goal met',
    ],
    results.map((r) => [
      r.storage === 'disk' ? 'local disk' : 'S3 (s3rver)',
      `${r.alone.megabytesPerSecond} (${r.alone.seconds} s)`,
      `${r.store.megabytesPerSecond} (${r.store.seconds} s)`,
      r.ratio.toFixed(2),
      `${r.rssMb.before} / ${r.rssMb.peak} / ${r.rssMb.growth}`,
      r.store.short || r.store.failures.length ? `no: ${r.store.short} short${r.store.failures.length ? `, ${r.store.failures.join('; ')}` : ''}` : r.store.hashMatches ? 'yes, SHA-256 equal' : 'yes, SHA-256 differs',
      readsCell(r.readsAlone),
      readsCell(r.readsDuring),
      r.goalMet ? 'yes' : 'no',
    ]),
  );
  const cpu = markdown(
    ['storage', 'upload through the store s (MB/s)', 'CPU cores, storage alone: load / s3rver', 'CPU cores, through the store: store / load / s3rver'],
    results.map((r) => [
      r.storage === 'disk' ? 'local disk' : 'S3 (s3rver)',
      `${r.upload.seconds} (${r.upload.megabytesPerSecond})`,
      `${r.cpuCores.loadGeneratorAlone} / ${r.cpuCores.s3rverAlone ?? '–'}`,
      `${r.cpuCores.store} / ${r.cpuCores.loadGenerator} / ${r.cpuCores.s3rver ?? '–'}`,
    ]),
  );
  return `${main}\n\n${cpu}`;
};
