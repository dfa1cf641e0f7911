import path from 'node:path';
import type autocannon from 'autocannon';
import { exec } from './processes';
import type { NewSearches } from './new-searches';

const AUTOCANNON = path.resolve(__dirname, '..', 'node_modules', 'autocannon', 'autocannon.js');
const NEW_SEARCHES = path.join(__dirname, 'new-searches.ts');

export interface Request {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface Load {
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  /** How many answers of each status, e.g. `{ "200": 20, "429": 51234 }`. */
  readonly statuses: Readonly<Record<string, number>>;
}

/**
 * One autocannon run, in its own process so that it does not share the server's event loop; with
 * `newQueries`, a search whose body is new for every request (bench/new-searches.ts).
 */
export const fire = async (request: Request, seconds: number, connections: number, newQueries?: { withNumber: boolean; arabic?: boolean }): Promise<Load> => {
  const args = [AUTOCANNON, '--json', '-c', String(connections), '-d', String(seconds), '-m', request.method];
  for (const [name, value] of Object.entries(request.headers)) args.push('-H', `${name}=${value}`);
  if (request.body !== undefined) args.push('-b', request.body);
  args.push(request.url);
  const plan: NewSearches | undefined = newQueries && { url: request.url, seconds, connections, ...newQueries };
  const command = plan ? ['--import', 'tsx', NEW_SEARCHES, JSON.stringify(plan)] : args;
  const stdout = await exec(process.execPath, command, { timeoutMs: (seconds + 30) * 1000 });
  const result = JSON.parse(stdout) as autocannon.Result;
  return {
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count ?? 0])),
  };
};

export interface Sample {
  readonly status: number;
  readonly bytes: number;
  readonly ms: number;
}

/**
 * One request, to learn the answer's status and size (and how long an uncached answer takes). The
 * size is the bytes sent, as autocannon counts them: fetch unzips an encoded answer (the sitemaps).
 */
export const fetchOnce = async ({ method, url, headers, body }: Request): Promise<Sample> => {
  const started = performance.now();
  const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(30_000) });
  const read = (await response.arrayBuffer()).byteLength;
  const sent = response.headers.get('content-encoding') ? Number(response.headers.get('content-length')) : read;
  return { status: response.status, bytes: Number.isInteger(sent) && sent > 0 ? sent : read, ms: performance.now() - started };
};
