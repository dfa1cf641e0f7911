/**
 * The Paymob payments, as their own process (started by bench/payments-scenario.ts), against the
 * compiled store and the Paymob emulator's process. One phase per run:
 * - `kiosk`: signed-in buyers make `orders` kiosk orders (a reference each), then every reference
 *   is paid at the emulator's test kiosk at a steady pace over `markSeconds`; each payment makes the
 *   emulator call the store back (POST /api/payments/paymob/callback), which the scenario times
 *   from the store's request log.
 * - `wallet`: `buyers` at once, for `seconds`, each buying one product after another with a mobile
 *   wallet: start, the emulator's approval page and its OTP, then the way back to the store, which
 *   settles the order (as the callback does): purchases completed per second.
 * Beside the callbacks, and beside the wallet purchases, one signed-in shopper's catalogue reads at a
 * steady `readRps`, each timed from when it was due. Prints one JSON line (KioskRun or WalletRun).
 */
import http from 'node:http';
import type { KioskRun, PaymentsPlan, PhaseReads, Shopper, WalletRun } from './payments-scenario';

const plan = JSON.parse(process.argv[2] ?? '') as PaymentsPlan;
/** A number the emulator's wallet answers on (one ending 0000 is no wallet). */
const WALLET_PHONE = '01012345678';
/** After the last reference is paid, reads go on while the last callbacks arrive. */
const TAIL_MS = 2000;

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0).toFixed(1));
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each shopper is one address (X-Forwarded-For, TRUST_PROXY=1), as on their own network. */
const headersOf = (shopper: Shopper, json = true): Record<string, string> => ({
  cookie: shopper.cookie,
  'x-forwarded-for': shopper.address,
  ...(json ? { 'content-type': 'application/json' } : {}),
});

interface Started {
  readonly orderId?: string;
  readonly next?: { kind: string; url?: string; payAt?: { reference: string } };
}

const startCheckout = async (shopper: Shopper, n: number, method: 'kiosk' | 'wallet'): Promise<Started> => {
  const body = {
    productId: plan.products[n % plan.products.length],
    name: 'Bench Buyer',
    // One address per order: the outbox sends an address at most a few e-mails an hour.
    email: `${method}${n}@bench.test`,
    provider: 'paymob',
    method,
    ...(method === 'wallet' ? { phone: WALLET_PHONE } : {}),
  };
  const answer = await fetch(`${plan.server}/api/checkout/start`, { method: 'POST', headers: headersOf(shopper), body: JSON.stringify(body) });
  const json = (await answer.json().catch(() => ({}))) as { order?: { orderId?: string }; next?: Started['next'] };
  return answer.ok ? { orderId: json.order?.orderId, next: json.next } : {};
};

/** Steady reads by one signed-in shopper until `stop` is called; kept-alive sockets of their own. */
const readAlongside = () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const latencies: number[] = [];
  let failed = 0;
  let stopped = false;
  const read = (n: number, due: number) =>
    new Promise<void>((resolve) => {
      const { method, path, body } = plan.reads[n % plan.reads.length]!;
      const text = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(`${plan.server}${path}`, { method, agent, headers: headersOf(plan.reader, text !== undefined), timeout: 10_000 }, (response) => {
        response.resume();
        response.once('end', () => {
          if ((response.statusCode ?? 0) >= 300) failed++;
          else latencies.push(performance.now() - due);
          resolve();
        });
      });
      request.once('timeout', () => request.destroy(new Error('timeout')));
      request.once('error', () => {
        failed++;
        resolve();
      });
      request.end(text);
    });
  const started = performance.now();
  const running = (async () => {
    const pending: Promise<void>[] = [];
    for (let n = 0; !stopped; n++) {
      const due = started + (n * 1000) / plan.readRps;
      await sleep(Math.max(0, due - performance.now()));
      pending.push(read(n, due));
    }
    await Promise.all(pending);
  })();
  return async (): Promise<PhaseReads> => {
    stopped = true;
    await running;
    agent.destroy();
    const seconds = (performance.now() - started) / 1000;
    return { requests: latencies.length, rps: Number((latencies.length / seconds).toFixed(0)), p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), failed };
  };
};

/** Makes the orders, then pays every reference while the reads run: they are timed while the callbacks arrive, not while the orders are made. */
const kiosk = async (): Promise<KioskRun> => {
  const references: string[] = [];
  const orderIds: string[] = [];
  let makeFailed = 0;
  const makeStarted = performance.now();
  // Each buyer makes their share one after another, all buyers at once.
  await Promise.all(
    plan.buyers.map(async (buyer, b) => {
      for (let n = b; n < plan.orders; n += plan.buyers.length) {
        const { orderId, next } = await startCheckout(buyer, n, 'kiosk');
        if (orderId && next?.kind === 'offline' && next.payAt) {
          orderIds.push(orderId);
          references.push(next.payAt.reference);
        } else makeFailed++;
      }
    }),
  );
  const makeSeconds = (performance.now() - makeStarted) / 1000;

  // Every reference paid at the test kiosk, evenly over markSeconds.
  const stopReading = readAlongside();
  const markStartedAt = Date.now();
  const markStarted = performance.now();
  const markFailures: Record<string, number> = {};
  const failedMark = (why: string) => void (markFailures[why] = (markFailures[why] ?? 0) + 1);
  const marks: Promise<void>[] = [];
  for (const [n, reference] of references.entries()) {
    const due = markStarted + (n * plan.markSeconds * 1000) / references.length;
    await sleep(Math.max(0, due - performance.now()));
    marks.push(
      fetch(`${plan.paymob}/kiosk/${reference}/pay`, { method: 'POST' }).then(
        async (answer) => void (await answer.arrayBuffer(), answer.status === 200 || failedMark(String(answer.status))),
        (error: unknown) => failedMark(error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : 'failed'),
      ),
    );
  }
  await Promise.all(marks);
  const markSeconds = (performance.now() - markStarted) / 1000;
  await sleep(TAIL_MS);
  return {
    phase: 'kiosk',
    orderIds,
    makeFailed,
    makeSeconds: Number(makeSeconds.toFixed(1)),
    markStartedAt,
    markFailures,
    markSeconds: Number(markSeconds.toFixed(1)),
    reads: await stopReading(),
  };
};

/** One wallet purchase, as a browser makes it; true when the way back says it is paid. */
const walletPurchase = async (buyer: Shopper, n: number): Promise<boolean> => {
  const { next } = await startCheckout(buyer, n, 'wallet');
  if (next?.kind !== 'redirect' || !next.url) return false;
  const page = await (await fetch(next.url)).text();
  const otp = /data-otp="(\d{6})"/.exec(page)?.[1];
  if (!otp) return false;
  const approved = await (await fetch(next.url, { method: 'POST', body: new URLSearchParams({ otp, choice: 'pay' }) })).text();
  const back = /id="continue" href="([^"]+)"/.exec(approved)?.[1]?.replaceAll('&amp;', '&');
  if (!back) return false;
  const returned = await fetch(back, { redirect: 'manual' });
  await returned.arrayBuffer();
  return (returned.headers.get('location') ?? '').includes('success=true');
};

const wallet = async (): Promise<WalletRun> => {
  const stopReading = readAlongside();
  const deadline = performance.now() + plan.seconds * 1000;
  const purchases: number[] = [];
  let failed = 0;
  await Promise.all(
    plan.buyers.map(async (buyer, b) => {
      for (let n = b; performance.now() < deadline; n += plan.buyers.length) {
        const started = performance.now();
        const paid = await walletPurchase(buyer, n).catch(() => false);
        if (paid) purchases.push(performance.now() - started);
        else failed++;
      }
    }),
  );
  return {
    phase: 'wallet',
    buyers: plan.buyers.length,
    settled: purchases.length,
    settledPerSecond: Number((purchases.length / plan.seconds).toFixed(1)),
    failed,
    purchaseP50Ms: percentile(purchases, 50),
    purchaseP99Ms: percentile(purchases, 99),
    reads: await stopReading(),
  };
};

const main = async () => console.log(JSON.stringify(plan.phase === 'kiosk' ? await kiosk() : await wallet()));

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
