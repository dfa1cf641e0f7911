/**
 * The shoppers of the fairness scenario, as their own process (started by bench/fairness-scenario.ts):
 * `rps` catalogue reads a second at a steady pace, each from the next of many addresses (sent as
 * X-Forwarded-For, which the store believes with TRUST_PROXY=1), so that no shopper comes near a
 * per-address limit. Each latency counts from when the request was due, so a stalled server is
 * not hidden by sending less. Prints `measuring` when the warm-up is over, then one JSON line (ReadsResult).
 */
import http from 'node:http';
import { FairnessPlan, ReadsResult } from './scenarios';

const plan = JSON.parse(process.argv[2] ?? '') as FairnessPlan;
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections });

const send = (n: number): Promise<number> =>
  new Promise((resolve, reject) => {
    const read = plan.reads[n % plan.reads.length]!;
    const body = read.body === undefined ? undefined : JSON.stringify(read.body);
    const headers: Record<string, string> = { 'x-forwarded-for': plan.addresses[n % plan.addresses.length]! };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const request = http.request(`${plan.server}${read.path}`, { method: read.method, agent, headers, timeout: 10_000 }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('timeout', () => request.destroy(new Error('timeout')));
    request.once('error', reject);
    request.end(body);
  });

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const run = async (seconds: number): Promise<ReadsResult> => {
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const sending: Promise<void>[] = [];
  for (let n = 0; n < plan.rps * seconds; n++) {
    const due = started + (n * 1000) / plan.rps;
    if (due - performance.now() >= 1) await sleep(due - performance.now());
    sending.push(
      send(n)
        .catch(() => 0)
        .then((status) => {
          if (status >= 200 && status < 300) latencies.push(performance.now() - due);
          else failed++;
        }),
    );
  }
  await Promise.all(sending);
  const sorted = latencies.sort((a, b) => a - b);
  return { requests: sorted.length, rps: sorted.length / seconds, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), failed };
};

const main = async () => {
  await run(plan.warmupSeconds);
  console.log('measuring');
  console.log(JSON.stringify(await run(plan.seconds)));
  agent.destroy();
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
