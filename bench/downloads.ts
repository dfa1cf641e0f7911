/**
 * The downloads benchmark's load, as a process of its own (started by bench/downloads-scenario.ts),
 * so that the bytes it takes in cost the store's process nothing. One phase per run:
 * - `storage`: `downloads` whole reads of one file at once, straight from the storage adapter
 *   (LocalDiskStorage or S3Storage), every byte taken and dropped: what the storage gives alone;
 * - `store`: a fresh link per download (the buyer's real link call), then every download at once
 *   through the store, each counted to the last byte, one of them hashed (SHA-256);
 * - `reads`: one signed-in shopper's catalogue reads at a steady pace, each timed from when it was
 *   due, until its stdin closes (the scenario runs it beside the `store` phase, in a process apart
 *   so that the downloads' bytes never delay the reads' own clock).
 * Prints one JSON line.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { LocalDiskStorage } from '../adapters/storage/local-disk-storage';
import { S3Storage, S3Settings } from '../adapters/storage/s3-storage';
import type { FileStorage } from '../core/delivery/ports/file-storage';

export interface StoragePlan {
  readonly phase: 'storage';
  readonly storage: { readonly kind: 'disk'; readonly root: string } | { readonly kind: 's3'; readonly settings: S3Settings };
  readonly key: string;
  readonly size: number;
  readonly downloads: number;
}

/** One download: whose link it is (their session and address) and the buyer's link call. */
export interface DownloadTicket {
  readonly cookie: string;
  readonly address: string;
  readonly linkPath: string;
}

export interface StorePlan {
  readonly phase: 'store';
  readonly server: string;
  readonly tickets: readonly DownloadTicket[];
  readonly size: number;
  readonly sha256: string;
}

export interface ReadsPlan {
  readonly phase: 'reads';
  readonly server: string;
  readonly cookie: string;
  readonly address: string;
  readonly paths: readonly string[];
  readonly rps: number;
}

export interface Transfer {
  /** Date.now() when the first download began and when the last one ended. */
  readonly startedAt: number;
  readonly endedAt: number;
  readonly seconds: number;
  readonly bytes: number;
  readonly megabytesPerSecond: number;
  /** Downloads that ended with fewer or more bytes than the file, or failed. */
  readonly short: number;
  readonly failures: readonly string[];
  /** The first download's SHA-256 equals the file's (the storage phase hashes nothing). */
  readonly hashMatches?: boolean;
  /** This process's CPU time over the transfer, as a share of one core. */
  readonly cpuCores: number;
}

/** Each read: when it was due (Date.now()) and how long after it the answer ended; failed ones apart. */
export interface ReadsRun {
  readonly reads: readonly (readonly [due: number, ms: number])[];
  readonly failed: readonly number[];
}

const MB = 1e6;

const cpuCoresSince = (cpu: NodeJS.CpuUsage, ms: number) => {
  const used = process.cpuUsage(cpu);
  return Number(((used.user + used.system) / 1000 / ms).toFixed(2));
};

const transferOf = (startedAt: number, started: number, cpu: NodeJS.CpuUsage, sizes: readonly number[], size: number, failures: string[], hashMatches?: boolean): Transfer => {
  const ms = performance.now() - started;
  const bytes = sizes.reduce((sum, n) => sum + n, 0);
  return {
    startedAt,
    endedAt: Date.now(),
    seconds: Number((ms / 1000).toFixed(2)),
    bytes,
    megabytesPerSecond: Number((bytes / MB / (ms / 1000)).toFixed(0)),
    short: sizes.filter((n) => n !== size).length,
    failures: [...new Set(failures)].slice(0, 5),
    hashMatches,
    cpuCores: cpuCoresSince(cpu, ms),
  };
};

const storageOf = (plan: StoragePlan): FileStorage =>
  plan.storage.kind === 'disk' ? new LocalDiskStorage(plan.storage.root) : new S3Storage(plan.storage.settings);

/** Every read at once, each taken to its end and dropped. */
const readStorage = async (plan: StoragePlan): Promise<Transfer> => {
  const storage = storageOf(plan);
  const failures: string[] = [];
  const startedAt = Date.now();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const sizes = await Promise.all(
    Array.from({ length: plan.downloads }, async () => {
      let bytes = 0;
      try {
        const content = await storage.read(plan.key);
        if (!content) throw new Error(`Nothing at ${plan.key}`);
        for await (const part of content.body) bytes += part.byteLength;
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
      return bytes;
    }),
  );
  const transfer = transferOf(startedAt, started, cpu, sizes, plan.size, failures);
  if (storage instanceof S3Storage) storage.close();
  return transfer;
};

const postJson = (server: string, path: string, ticket: DownloadTicket) =>
  fetch(`${server}${path}`, { method: 'POST', headers: { cookie: ticket.cookie, 'x-forwarded-for': ticket.address, 'content-type': 'application/json' }, body: '{}' });

/** One download as a browser makes it: its own connection, every byte counted; hashed when asked. */
const download = (url: string, ticket: DownloadTicket, hash?: ReturnType<typeof createHash>): Promise<number> =>
  new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { cookie: ticket.cookie, 'x-forwarded-for': ticket.address } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return reject(new Error(`answered ${response.statusCode}`));
      }
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        hash?.update(chunk);
      });
      response.once('end', () => resolve(bytes));
      response.once('error', reject);
    });
    request.once('error', reject);
  });

/** Fresh links first (each buyer's real call), then every download at once. */
const downloadThroughStore = async (plan: StorePlan): Promise<Transfer> => {
  const urls = await Promise.all(
    plan.tickets.map(async (ticket) => {
      const answer = await postJson(plan.server, ticket.linkPath, ticket);
      const body = (await answer.json()) as { url?: string; message?: string };
      if (!answer.ok || !body.url) throw new Error(`The link call answered ${answer.status}: ${body.message}`);
      return `${plan.server}${body.url}`;
    }),
  );
  const hash = createHash('sha256');
  const failures: string[] = [];
  const startedAt = Date.now();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const sizes = await Promise.all(
    urls.map((url, n) =>
      download(url, plan.tickets[n]!, n === 0 ? hash : undefined).catch((error: unknown) => {
        failures.push(error instanceof Error ? error.message : String(error));
        return 0;
      }),
    ),
  );
  return transferOf(startedAt, started, cpu, sizes, plan.size, failures, hash.digest('hex') === plan.sha256);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Steady reads on kept-alive sockets until stdin closes. */
const readCatalogue = async (plan: ReadsPlan): Promise<ReadsRun> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const reads: (readonly [number, number])[] = [];
  const failed: number[] = [];
  let stopped = false;
  process.stdin.once('end', () => (stopped = true)).resume();
  const read = (path: string, due: number, dueAt: number) =>
    new Promise<void>((resolve) => {
      const request = http.get(`${plan.server}${path}`, { agent, headers: { cookie: plan.cookie, 'x-forwarded-for': plan.address }, timeout: 10_000 }, (response) => {
        response.resume();
        response.once('end', () => {
          if ((response.statusCode ?? 0) >= 300) failed.push(dueAt);
          else reads.push([dueAt, Number((performance.now() - due).toFixed(2))]);
          resolve();
        });
      });
      request.once('timeout', () => request.destroy(new Error('timeout')));
      request.once('error', () => {
        failed.push(dueAt);
        resolve();
      });
    });
  const started = performance.now();
  const startedAt = Date.now();
  console.error('reading');
  const pending: Promise<void>[] = [];
  for (let n = 0; !stopped; n++) {
    const offset = (n * 1000) / plan.rps;
    await sleep(Math.max(0, started + offset - performance.now()));
    pending.push(read(plan.paths[n % plan.paths.length]!, started + offset, startedAt + offset));
  }
  await Promise.all(pending);
  agent.destroy();
  return { reads, failed };
};

const plan = JSON.parse(process.argv[2] ?? '') as StoragePlan | StorePlan | ReadsPlan;
const run = () => (plan.phase === 'storage' ? readStorage(plan) : plan.phase === 'store' ? downloadThroughStore(plan) : readCatalogue(plan));

run().then(
  // Exits once the line is written: the reads' run is a few megabytes, more than a pipe holds at once.
  (result) => process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
