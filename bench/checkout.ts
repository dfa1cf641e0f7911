/**
 * The checkout path, as its own process (started by `bench/run.ts`). Each purchase is create-order
 * with PayPal through the store's local emulator (its latency 0), the buyer's approval at the
 * emulator, and capture. Two modes: `capacity`, where `buyers` shoppers buy one product after
 * another as fast as the store lets them (orders settled per second); and `paced`, where purchases
 * start at a steady `ordersPerSecond` while signed-in catalogue reads go out at `readRps`, each read
 * timed from when it was due. Prints one JSON line (CheckoutResult).
 */
import http from 'node:http';
import { CheckoutPlan, CheckoutResult } from './scenarios';

const plan = JSON.parse(process.argv[2] ?? '') as CheckoutPlan;
const form = { name: 'Bench Buyer', email: 'buyer@bench.test' };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0).toFixed(1));
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The fields of create-order's and capture-order's answers the bench reads. */
type CheckoutAnswer = { id?: string; order?: { status?: string }; result?: { status?: string } };

const post = async (path: string, body: object, cookie: string) => {
  const response = await fetch(plan.server + path, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  return { ok: response.ok, body: (await response.json().catch(() => ({}))) as CheckoutAnswer };
};

const main = async () => {
  const deadline = performance.now() + plan.seconds * 1000;
  const creates: number[] = [];
  const captures: number[] = [];
  const reads: number[] = [];
  let [settled, failed, readsFailed] = [0, 0, 0];

  /** One purchase; `n` picks the shopper and the product. */
  const purchase = async (n: number) => {
    const cookie = plan.cookies[n % plan.cookies.length]!;
    const productId = plan.products[(n * 7) % plan.products.length]!;
    {
      const t0 = performance.now();
      const created = await post('/api/paypal/create-order', { ...form, productId }, cookie);
      creates.push(performance.now() - t0);
      // A free product is paid at once, with no provider to go through.
      if (created.ok && created.body.order?.status === 'paid') return void settled++;
      if (!created.ok || !created.body.id) return void failed++;
      await fetch(`${plan.server}/emulator/paypal/buyer/orders/${created.body.id}/approve`, { method: 'POST' });
      const t1 = performance.now();
      const captured = await post('/api/paypal/capture-order', { orderID: created.body.id }, cookie);
      captures.push(performance.now() - t1);
      if (captured.ok && captured.body.result?.status === 'paid') settled++;
      else failed++;
    }
  };

  /** Steady starts, each job timed from when it was due, all awaited at the end. */
  const paced = async (perSecond: number, job: (n: number, due: number) => Promise<void>) => {
    const interval = 1000 / perSecond;
    const started = performance.now();
    const pending: Promise<void>[] = [];
    for (let n = 0; started + n * interval < deadline; n++) {
      const due = started + n * interval;
      await sleep(Math.max(0, due - performance.now()));
      pending.push(job(n, due));
    }
    await Promise.all(pending);
  };

  const buyer = async (b: number) => {
    for (let i = 0; performance.now() < deadline; i++) await purchase(b + i * plan.buyers);
  };

  // Reads go through node:http with kept-alive sockets of their own, as bench/mix.ts does: the
  // purchases' fetch calls do not queue in front of them.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const read = (n: number, due: number) =>
    new Promise<void>((resolve) => {
      const request = http.get(plan.server + plan.reads[n % plan.reads.length]!, { agent, headers: { cookie: plan.cookies[n % plan.cookies.length]! } }, (response) => {
        response.resume();
        response.once('end', () => {
          if ((response.statusCode ?? 0) >= 300) readsFailed++;
          reads.push(performance.now() - due);
          resolve();
        });
      });
      request.once('error', () => {
        readsFailed++;
        resolve();
      });
    });

  if (plan.mode === 'capacity') await Promise.all(Array.from({ length: plan.buyers }, (_, b) => buyer(b)));
  else await Promise.all([paced(plan.ordersPerSecond, (n) => purchase(n)), paced(plan.readRps, read)]);
  const result: CheckoutResult = {
    mode: plan.mode,
    seconds: plan.seconds,
    buyers: plan.buyers,
    ordersPerSecond: plan.ordersPerSecond,
    settled,
    settledPerSecond: Number((settled / plan.seconds).toFixed(1)),
    failed,
    createP50Ms: percentile(creates, 50),
    createP99Ms: percentile(creates, 99),
    captureP50Ms: percentile(captures, 50),
    captureP99Ms: percentile(captures, 99),
    readRps: plan.readRps,
    readP50Ms: percentile(reads, 50),
    readP99Ms: percentile(reads, 99),
    readsFailed,
  };
  agent.destroy();
  console.log(JSON.stringify(result));
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
