/**
 * Paymob's payments at volume (issue 18): the compiled store (`node build/server/start.js`, as
 * `npm start` runs it), on PGlite and on PostgreSQL, each on a database of its own with the demo
 * catalogue. Paymob is its emulator in a process of its own (bench/paymob-service.ts), which the
 * store reaches with real-mode settings, as it would reach Paymob: the store's process does only
 * the store's work. On each:
 * 1. 1,000 kiosk orders, then every reference paid at the emulator's kiosk within 10 s: the p50 and
 *    p99 of the store's answer to the callbacks (from its request log: Paymob's side cannot time
 *    them), and from the database, each order paid with exactly one confirmation in the outbox;
 * 2. wallet purchases (OTP, then the way back) by 10 buyers at once: completed per second;
 * 3. beside both (while the callbacks arrive, and while the wallet purchases run), one signed-in
 *    shopper's catalogue reads: their p99, goal under 25 ms.
 * The driving is bench/payments.ts, a process of its own, once per phase.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { once } from 'node:events';
import { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { SERVER_BUILT, ensureServerBuild, ensureUiBuild } from '../scripts/builds';
import { exec, onCleanup, start, stop } from './processes';
import { markdown } from './report';
import { CATALOGUE_READ } from './scenarios';
import { freePort, freshDatabase, sleep, statusOf, storeEnv } from './startup';

const DRIVER = path.join(__dirname, 'payments.ts');
const PAYMOB = path.join(__dirname, 'paymob-service.ts');
/** A made-up test account: the emulator plays it, and the store is given it as its Paymob settings. */
const ACCOUNT = {
  secretKey: 'egy_sk_test_bench0000000000000000000000000000',
  publicKey: 'egy_pk_test_bench0000000000000000000000000000',
  apiKey: 'bench-api-key',
  hmacSecret: 'bench-hmac-secret',
  integrations: { card: 4_000_001, wallet: 4_000_002, kiosk: 4_000_003, instalments: [4_000_004] },
} as const;
export const KIOSK_ORDERS = 1000;
/** Issue 18: the 1,000 callbacks arrive within 10 s. */
export const CALLBACKS_WITHIN_S = 10;
/** The references are paid over 9 s, so that with the jitter of a busy machine the callbacks still come within 10. */
const MARK_SECONDS = CALLBACKS_WITHIN_S - 1;
const BUYERS = 10;
const READ_RPS = 200;
const CALLBACK_PATHS = new Set(['/api/payments/paymob/callback', '/api/paymob/callback']);
const CATALOGUE = '/api/backendproduct/getproducts?page=1&limit=15';
/**
 * The per-address request limit is off, as in every scenario but fairness: the store calls its own
 * emulator, and the emulator calls the store back, from 127.0.0.1, so all of Paymob would count as
 * one address (bench/README.md says what that means with the real Paymob).
 */
const LIMITS_OFF: NodeJS.ProcessEnv = { RATE_LIMIT_REQUESTS: 'off' };

export interface Shopper {
  readonly cookie: string;
  readonly address: string;
}

export interface PaymentsPlan {
  readonly phase: 'kiosk' | 'wallet';
  readonly server: string;
  /** The Paymob emulator's address: its test kiosk pays the references. */
  readonly paymob: string;
  readonly buyers: readonly Shopper[];
  readonly products: readonly string[];
  readonly reader: Shopper;
  readonly reads: readonly { readonly method: 'GET' | 'POST'; readonly path: string; readonly body?: unknown }[];
  readonly readRps: number;
  readonly orders: number;
  readonly markSeconds: number;
  readonly seconds: number;
}

/** The signed-in reads beside a phase, each timed from when it was due. */
export interface PhaseReads {
  readonly requests: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly failed: number;
}

export interface KioskRun {
  readonly phase: 'kiosk';
  readonly orderIds: readonly string[];
  readonly makeFailed: number;
  readonly makeSeconds: number;
  /** Date.now() when the first reference was paid: the request log's clock. */
  readonly markStartedAt: number;
  /** References the kiosk could not pay, by its answer's status or the error. */
  readonly markFailures: Readonly<Record<string, number>>;
  readonly markSeconds: number;
  readonly reads: PhaseReads;
}

export interface WalletRun {
  readonly phase: 'wallet';
  readonly buyers: number;
  readonly settled: number;
  readonly settledPerSecond: number;
  readonly failed: number;
  readonly purchaseP50Ms: number;
  readonly purchaseP99Ms: number;
  readonly reads: PhaseReads;
}

/** The callbacks as the store's request log saw them. */
export interface Callbacks {
  readonly answered: number;
  /** How many answers of each status, e.g. `{ "200": 990, "aborted": 10 }`. */
  readonly statuses: Readonly<Record<string, number>>;
  /** The first few reasons of failed answers, each once. */
  readonly errors: readonly string[];
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** From the first callback's arrival to the last's (each one's answer time less its duration): the load as it came. */
  readonly arrivedWithinS: number;
  /** From the first reference paid to the last callback answered. */
  readonly lastAnsweredAfterS: number;
}

/** What the database says of the kiosk orders. */
export interface KioskLedger {
  readonly orders: number;
  readonly paid: number;
  readonly oneConfirmation: number;
}

export interface PaymentsResult {
  readonly engine: 'PGlite' | 'PostgreSQL';
  readonly kiosk: KioskRun;
  readonly callbacks: Callbacks;
  readonly ledger: KioskLedger;
  readonly wallet: WalletRun;
}

interface CallbackLine {
  readonly time: number;
  readonly ms: number;
  /** Its status, or 'aborted' when the emulator gave up waiting (10 s) before the answer was sent. */
  readonly status: number | 'aborted';
  /** A failed answer's reason, as the log gives it. */
  readonly err?: string;
}

/** The compiled store, once its catalogue answers; every callback its request log shows goes to `heard`. */
const startStore = async (env: NodeJS.ProcessEnv, heard: CallbackLine[]): Promise<{ child: ChildProcess; base: string }> => {
  const port = await freePort();
  const child = start(process.execPath, [SERVER_BUILT], { ...env, ...LIMITS_OFF, PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: '1' });
  onCleanup(() => stop(child));
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.includes('/callback')) return;
    let entry: { msg?: string; path?: string; time: number; ms: number; status: number; err?: string; aborted?: boolean };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    // A failed answer is logged as 'request failed', with the same fields.
    if (entry.msg?.startsWith('request') && CALLBACK_PATHS.has(entry.path ?? '')) heard.push({ time: entry.time, ms: entry.ms, status: entry.aborted ? 'aborted' : entry.status, err: entry.err });
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 60_000; await sleep(50)) {
    if (child.exitCode !== null) throw new Error(`The store exited (code ${child.exitCode}):\n${errors}`);
    if ((await statusOf(`${base}${CATALOGUE}`)) === 200) return { child, base };
  }
  throw new Error(`The store did not answer within 60 s:\n${errors}`);
};

/** The Paymob emulator's process, once it listens: its address. */
const startPaymob = async (): Promise<string> => {
  const child = start(process.execPath, ['--import', 'tsx', PAYMOB, JSON.stringify(ACCOUNT)]);
  onCleanup(() => stop(child));
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const [url] = await Promise.race([
    once(readline.createInterface({ input: child.stdout! }), 'line') as Promise<string[]>,
    once(child, 'exit').then(() => Promise.reject(new Error(`The Paymob emulator exited:\n${errors}`))),
  ]);
  return url!;
};

/** The store's settings for the emulated account, as an owner sets them for Paymob's own. */
const paymobSettings = (baseUrl: string): NodeJS.ProcessEnv => ({
  PAYMOB_SECRET_KEY: ACCOUNT.secretKey,
  PAYMOB_PUBLIC_KEY: ACCOUNT.publicKey,
  PAYMOB_API_KEY: ACCOUNT.apiKey,
  PAYMOB_HMAC_SECRET: ACCOUNT.hmacSecret,
  PAYMOB_CARD_INTEGRATION_ID: String(ACCOUNT.integrations.card),
  PAYMOB_WALLET_INTEGRATION_ID: String(ACCOUNT.integrations.wallet),
  PAYMOB_KIOSK_INTEGRATION_ID: String(ACCOUNT.integrations.kiosk),
  PAYMOB_INSTALMENT_INTEGRATION_IDS: ACCOUNT.integrations.instalments.join(','),
  PAYMOB_BASE_URL: baseUrl,
});

/** A shopper of their own address (TEST-NET-2), signed up: their session. */
const signUp = async (base: string, name: string, address: string): Promise<Shopper> => {
  const answer = await fetch(`${base}/api/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ username: name, email: `${name}@shop.test`, password: 'Bench123' }),
  });
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('sid='))?.split(';')[0];
  if (!cookie) throw new Error(`${name} could not sign up (${answer.status})`);
  return { cookie, address };
};

/** The demo catalogue's products priced in EGP, and the shopper's four reads, each asked once. */
const prepare = async (base: string, reader: Shopper): Promise<Pick<PaymentsPlan, 'products' | 'reads'>> => {
  const page = (await (await fetch(`${base}${CATALOGUE}`)).json()) as { products: { _id: string; title: string; egpprice?: number }[] };
  const products = page.products.filter((p) => (p.egpprice ?? 0) > 0).map((p) => p._id);
  if (!products.length) throw new Error('The demo catalogue has no product priced in EGP');
  const reads: PaymentsPlan['reads'] = [
    { method: 'GET', path: CATALOGUE },
    { method: 'GET', path: `/api/backendproduct/details/${products[0]}` },
    { method: 'GET', path: '/api/category/books?page=1&limit=15' },
    { method: 'POST', path: '/api/search', body: { query: page.products[0]!.title.split(' ')[0], page: 1, limit: 20 } },
  ];
  for (const read of reads) {
    const answer = await fetch(`${base}${read.path}`, {
      method: read.method,
      headers: { cookie: reader.cookie, 'x-forwarded-for': reader.address, 'content-type': 'application/json' },
      body: read.body === undefined ? undefined : JSON.stringify(read.body),
    });
    if (answer.status !== 200) throw new Error(`${read.path} answered ${answer.status}`);
  }
  return { products, reads };
};

const drive = async <Run>(plan: PaymentsPlan): Promise<Run> =>
  JSON.parse(await exec(process.execPath, ['--import', 'tsx', DRIVER, JSON.stringify(plan)], { timeoutMs: 300_000 })) as Run;

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0).toFixed(1));
};

/** Waits (at most 30 s past the deadline) until `expected` callbacks have been answered. */
const callbacksOf = async (heard: readonly CallbackLine[], expected: number, markStartedAt: number): Promise<Callbacks> => {
  for (const until = markStartedAt + (CALLBACKS_WITHIN_S + 30) * 1000; heard.length < expected && Date.now() < until; ) await sleep(100);
  const lines = heard.slice(0, expected);
  const arrivals = lines.map((l) => l.time - l.ms);
  const seconds = (ms: number) => Number((ms / 1000).toFixed(1));
  return {
    answered: lines.length,
    statuses: lines.reduce<Record<string, number>>((counts, l) => ({ ...counts, [l.status]: (counts[l.status] ?? 0) + 1 }), {}),
    errors: [...new Set(lines.flatMap((l) => (l.err ? [l.err.split('\n')[0]!.slice(0, 200)] : [])))].slice(0, 3),
    p50Ms: percentile(lines.map((l) => l.ms), 50),
    p99Ms: percentile(lines.map((l) => l.ms), 99),
    arrivedWithinS: lines.length ? seconds(Math.max(...arrivals) - Math.min(...arrivals)) : 0,
    lastAnsweredAfterS: lines.length ? seconds(Math.max(...lines.map((l) => l.time)) - markStartedAt) : 0,
  };
};

/** Paid, with exactly one confirmation queued: the kiosk orders as their database holds them. */
const LEDGER_SQL = `
  select count(*)::int as orders,
         (count(*) filter (where o.status = 'paid' and o.payment_id is not null and o.paid_at is not null))::int as paid,
         (count(*) filter (where m.confirmations = 1))::int as "oneConfirmation"
  from orders o
  cross join lateral (select count(*) as confirmations from outbox where id = 'order-paid-' || o.id) m
  where o.payment_method = 'kiosk'`;

const postgresLedger = async (url: string): Promise<KioskLedger> => {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<KioskLedger>(LEDGER_SQL)).rows[0]!;
  } finally {
    await client.end();
  }
};

/** PGlite is the store's own: opened once the store has stopped. */
const pgliteLedger = async (dataDir: string): Promise<KioskLedger> => {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const db = new PGlite({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
  try {
    return (await db.query<KioskLedger>(LEDGER_SQL)).rows[0]!;
  } finally {
    await db.close();
  }
};

const measureEngine = async (engine: PaymentsResult['engine'], env: NodeJS.ProcessEnv, seconds: number): Promise<PaymentsResult> => {
  const heard: CallbackLine[] = [];
  const paymob = await startPaymob();
  const { child, base } = await startStore({ ...env, ...paymobSettings(paymob) }, heard);
  let stopped = false;
  try {
    const reader = await signUp(base, 'reader', '198.51.100.200');
    const buyers: Shopper[] = [];
    for (let n = 0; n < BUYERS; n++) buyers.push(await signUp(base, `kioskbuyer${n}`, `198.51.100.${n + 1}`));
    const plan: PaymentsPlan = { phase: 'kiosk', server: base, paymob, buyers, reader, ...(await prepare(base, reader)), readRps: READ_RPS, orders: KIOSK_ORDERS, markSeconds: MARK_SECONDS, seconds };

    console.log(`payments, ${engine}: ${KIOSK_ORDERS} kiosk orders, then each paid at the emulator over ${MARK_SECONDS} s, beside ${READ_RPS} signed-in reads a second; measuring…`);
    const kiosk = await drive<PaymentsResult['kiosk']>(plan);
    const callbacks = await callbacksOf(heard, kiosk.orderIds.length, kiosk.markStartedAt);

    const walletBuyers: Shopper[] = [];
    for (let n = 0; n < BUYERS; n++) walletBuyers.push(await signUp(base, `walletbuyer${n}`, `198.51.100.${n + 101}`));
    console.log(`payments, ${engine}: ${BUYERS} buyers at once with a mobile wallet (OTP) for ${seconds} s, beside the same reads; measuring…`);
    const wallet = await drive<PaymentsResult['wallet']>({ ...plan, phase: 'wallet', buyers: walletBuyers });

    let ledger: KioskLedger;
    if (env.DATABASE_URL) ledger = await postgresLedger(env.DATABASE_URL);
    else {
      await stop(child);
      stopped = true;
      ledger = await pgliteLedger(env.DATA_DIR!);
    }
    return { engine, kiosk, callbacks, ledger, wallet };
  } finally {
    if (!stopped) await stop(child);
  }
};

export const measurePayments = async (clusterUrl: string, seconds: number): Promise<PaymentsResult[]> => {
  ensureUiBuild();
  ensureServerBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-payments-'));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return [
    await measureEngine('PGlite', storeEnv(path.join(dataDir, 'pglite')), seconds),
    await measureEngine('PostgreSQL', storeEnv(path.join(dataDir, 'postgres'), await freshDatabase(clusterUrl)), seconds),
  ];
};

const readsCell = (reads: PhaseReads) => `${reads.p50Ms} / ${reads.p99Ms}${reads.failed ? ` (${reads.failed} failed)` : ''}`;
const readsMet = (reads: PhaseReads) => (reads.failed ? `no (${reads.failed} failed)` : reads.p99Ms < CATALOGUE_READ.p99Ms ? 'yes' : 'no');

export const paymentsTables = (results: readonly PaymentsResult[]): string => {
  const kiosk = markdown(
    [
      'database',
      'kiosk orders made (s)',
      'paid at the kiosk in s',
      'callbacks answered',
      'not 200',
      'callback p50 / p99 ms',
      `callbacks arrived within s (goal: ${CALLBACKS_WITHIN_S})`,
      'last answered after s',
      'paid, one confirmation (database)',
      'signed-in reads p50 / p99 ms',
      `goal met (each settled once, reads p99 < ${CATALOGUE_READ.p99Ms} ms)`,
    ],
    results.map(({ engine, kiosk: k, callbacks: c, ledger: l }) => {
      const made = k.orderIds.length;
      const markFailed = Object.values(k.markFailures).reduce((sum, n) => sum + n, 0);
      const settled = l.orders === made && l.paid === made && l.oneConfirmation === made && k.makeFailed + markFailed === 0;
      const not200 = c.answered - (c.statuses['200'] ?? 0);
      const inTime = c.answered === made && not200 === 0 && c.arrivedWithinS <= CALLBACKS_WITHIN_S;
      const met = !settled ? 'no (not each settled once)' : !inTime ? 'no (callbacks spread out or failed)' : readsMet(k.reads);
      return [
        engine,
        `${made}${k.makeFailed ? ` + ${k.makeFailed} failed` : ''} (${k.makeSeconds})`,
        `${k.markSeconds}${markFailed ? ` (failed: ${Object.entries(k.markFailures).map(([why, n]) => `${n} ${why}`).join(', ')})` : ''}`,
        String(c.answered),
        not200 ? `${not200} (${Object.entries(c.statuses).filter(([status]) => status !== '200').map(([status, n]) => `${n} × ${status}`).join(', ')})` : '0',
        `${c.p50Ms} / ${c.p99Ms}`,
        String(c.arrivedWithinS),
        String(c.lastAnsweredAfterS),
        `${l.paid}, ${l.oneConfirmation} of ${l.orders}`,
        readsCell(k.reads),
        met,
      ];
    }),
  );
  const wallet = markdown(
    ['database', 'buyers at once', 'purchases completed', 'per second', 'failed', 'purchase p50 / p99 ms', 'signed-in reads p50 / p99 ms', `goal met (reads p99 < ${CATALOGUE_READ.p99Ms} ms)`],
    results.map(({ engine, wallet: w }) => [
      engine,
      String(w.buyers),
      String(w.settled),
      String(w.settledPerSecond),
      String(w.failed),
      `${w.purchaseP50Ms} / ${w.purchaseP99Ms}`,
      readsCell(w.reads),
      w.failed ? `no (${w.failed} failed)` : readsMet(w.reads),
    ]),
  );
  const errors = results.flatMap(({ engine, callbacks }) => callbacks.errors.map((error) => `  ${engine}, a callback failed: ${error}`));
  return [kiosk, ...(errors.length ? [errors.join('\n')] : []), wallet].join('\n\n');
};
