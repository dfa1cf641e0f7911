/**
 * The signed-in mix, as its own process (started by `bench/run.ts`, so that it does not share a
 * server's event loop): `rps` requests a second at a steady pace, for `seconds`, spread
 * round-robin over several app processes. Each latency counts from when the request was due, so
 * a stalled server (or client) is not hidden by sending less. One request in five is a cart add or remove (each
 * shopper alternates), the rest catalogue reads and `islogged`. Prints one JSON line: each kind's
 * latencies (autocannon cannot tell requests apart, so this measures them itself).
 */
import http from 'node:http';
import { MixPlan, MixResult, KindResult, REQUEST_KINDS, RequestKind } from './scenarios';

interface Sent {
  readonly kind: RequestKind;
  readonly method: string;
  readonly url: string;
  readonly cookie?: string;
  readonly body?: string;
}

const plan = JSON.parse(process.argv[2] ?? '') as MixPlan;
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections });

/**
 * The n-th request of the mix: of each five, two `islogged`, two catalogue reads and a cart write.
 * Processes take turns request by request; as five is odd, each process gets every kind.
 */
const nth = (n: number, inCart: boolean[]): Sent => {
  const base = plan.servers[n % plan.servers.length]!;
  const [group, place] = [Math.floor(n / 5), n % 5];
  const shopper = group % plan.cookies.length;
  const cookie = plan.cookies[shopper]!;
  if (place === 4) {
    const product = plan.cartProducts[shopper]!;
    inCart[shopper] = !inCart[shopper];
    return inCart[shopper]
      ? { kind: 'cart write', method: 'POST', url: `${base}/api/addtocart`, cookie, body: JSON.stringify({ id: product }) }
      : { kind: 'cart write', method: 'DELETE', url: `${base}/api/addtocart/${product}`, cookie };
  }
  if (place < 2) return { kind: 'islogged', method: 'GET', url: `${base}/api/user/islogged`, cookie };
  const read = plan.catalogueReads[(group * 2 + place - 2) % plan.catalogueReads.length]!;
  return { kind: 'catalogue read', method: read.method, url: `${base}${read.path}`, body: read.body === undefined ? undefined : JSON.stringify(read.body) };
};

const send = (sent: Sent): Promise<number> =>
  new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (sent.cookie) headers.cookie = sent.cookie;
    if (sent.body !== undefined) headers['content-type'] = 'application/json';
    const request = http.request(sent.url, { method: sent.method, agent, headers, timeout: 10_000 }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('timeout', () => request.destroy(new Error('timeout')));
    request.once('error', reject);
    request.end(sent.body);
  });

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const run = async (seconds: number, record: boolean) => {
  const latencies = new Map<RequestKind, number[]>(REQUEST_KINDS.map((k) => [k, []]));
  const failures = new Map<RequestKind, number>(REQUEST_KINDS.map((k) => [k, 0]));
  const inCart: boolean[] = plan.cookies.map(() => false);
  const started = performance.now();
  const sending: Promise<void>[] = [];
  for (let n = 0; n < plan.rps * seconds; n++) {
    const due = started + (n * 1000) / plan.rps;
    if (due - performance.now() >= 1) await sleep(due - performance.now());
    const sent = nth(n, inCart);
    sending.push(
      send(sent)
        .catch(() => 0)
        .then((status) => {
          if (!record) return;
          if (status >= 200 && status < 300) latencies.get(sent.kind)!.push(performance.now() - due);
          else failures.set(sent.kind, failures.get(sent.kind)! + 1);
        }),
    );
  }
  await Promise.all(sending);
  return REQUEST_KINDS.map((kind): KindResult => {
    const sorted = latencies.get(kind)!.sort((a, b) => a - b);
    return { kind, requests: sorted.length, rps: sorted.length / seconds, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), failed: failures.get(kind)! };
  });
};

const main = async () => {
  await run(plan.warmupSeconds, false);
  const kinds = await run(plan.seconds, true);
  const result: MixResult = { seconds: plan.seconds, rps: plan.rps, connections: plan.connections, processes: plan.servers.length, kinds };
  console.log(JSON.stringify(result));
  agent.destroy();
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
