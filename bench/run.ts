/**
 * `npm run bench`: catalogue and session reads, and sign-in, of the real app over PostgreSQL with 100,000 products, each next
 * to the same app answering a precomputed body of the same size (the ceiling); then a signed-in mix
 * with cart writes on several app processes sharing the database. See bench/README.md.
 */
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { UI_DIST, configFromEnv } from '../adapters/di/config';
import { largeId } from '../adapters/persistence/seed/large-catalogue';
import { Request, fetchOnce, fire } from './load';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres';
import { cleanUp, exec, onCleanup, start, stop } from './processes';
import { ARABIC, Outcome, details, mixTable, outcome, searchPairs, table, writeJson } from './report';
import { homePageJs } from '../scripts/home-page-js';
import { Argon2Hasher } from '../adapters/identity/argon2-hasher';
import {
  BENCH_SHOPPER,
  MIX_CATALOGUE_READS,
  MIX_PROCESSES,
  MIX_SHOPPERS,
  MixPlan,
  MixResult,
  PRODUCTS,
  SCENARIOS,
  Scenario,
  mixCartProduct,
  mixShopper,
  CheckoutPlan,
  CheckoutResult,
  CHECKOUT_READ_P99_MS,
  ADMIN_SCENARIOS,
  ADMIN_READ,
  SAMPLE_ORDER,
  FAIRNESS_FLOOD_CONNECTIONS,
  FAIRNESS_READ_ADDRESSES,
  FAIRNESS_READ_RPS,
  YEAR_TOP_REPORT,
} from './scenarios';
import { seedCatalogue } from './seed';
import { newSearch, titleWords } from './new-searches';
import { BENCH_ADMIN, CUSTOMERS, EXPORT_ORDERS, ExportRun, ORDERS, ReadsAfterSales, SALES_BEFORE_READS, measureExport, measureReadsAfterSales, seedOrders } from './back-office';
import { CouponRace, couponRaceLine, measureCouponRace } from './coupon-race';
import { measureStartup, startupTable } from './startup';
import { fairnessTable, measureFairness } from './fairness-scenario';
import { CALLBACKS_WITHIN_S, KIOSK_ORDERS, measurePayments, paymentsTables } from './payments-scenario';
import { STAMP_CEILING_MS, measureStamping, stampingTable } from './stamping';
import { DOWNLOADS, FILE_MB, downloadsTable, measureDownloads } from './downloads-scenario';
import { FirstRenders, firstRendersLine, measureFirstRenders } from './rendered-pages';
import { ensureUiBuild } from '../scripts/builds';

const wholeSeconds = (text: string | undefined, fallback: number) => {
  const n = Number(text ?? fallback);
  if (!Number.isInteger(n) || n < 1 || n > 600) throw new Error('BENCH_SECONDS takes a whole number of seconds from 1 to 600');
  return n;
};
const SECONDS = wholeSeconds(process.env.BENCH_SECONDS, 10);
/** `single`: the single-request scenarios only; `mix`: the signed-in mix only; unset: both. */
const ONLY = process.env.BENCH_ONLY;
if (ONLY !== undefined && !['startup', 'fairness', 'payments', 'single', 'search', 'pages', 'sitemaps', 'mix', 'checkout', 'admin', 'stamping', 'downloads'].includes(ONLY))
  throw new Error('BENCH_ONLY takes startup, fairness, payments, single, search, pages, sitemaps, mix, checkout, admin, stamping or downloads');
const RUN_STARTUP = ONLY === undefined || ONLY === 'startup';
const RUN_FAIRNESS = ONLY === undefined || ONLY === 'fairness';
const RUN_PAYMENTS = ONLY === undefined || ONLY === 'payments';
const RUN_SINGLE = ONLY === undefined || ['single', 'search', 'pages', 'sitemaps'].includes(ONLY);
const isSitemap = (s: Scenario) => s.path.startsWith('/sitemap');
/**
 * `search`: the single-request scenarios of the search call only, English and Arabic; `pages`: the
 * rendered pages only, and their first renders; `sitemaps`: the sitemap index and a products file.
 */
const SINGLE_SCENARIOS =
  ONLY === 'search'
    ? SCENARIOS.filter((s) => s.path === '/api/search')
    : ONLY === 'pages'
      ? SCENARIOS.filter((s) => !s.path.startsWith('/api/') && !isSitemap(s))
      : ONLY === 'sitemaps'
        ? SCENARIOS.filter(isSitemap)
        : SCENARIOS;
const RUN_FIRST_RENDERS = ONLY === undefined || ONLY === 'single' || ONLY === 'pages';
const RUN_MIX = ONLY === undefined || ONLY === 'mix';
const RUN_CHECKOUT = ONLY === undefined || ONLY === 'checkout';
const RUN_ADMIN = ONLY === undefined || ONLY === 'admin';
const RUN_STAMPING = ONLY === undefined || ONLY === 'stamping';
const RUN_DOWNLOADS = ONLY === undefined || ONLY === 'downloads';
const STAMPING_TITLE = `Stamping a 300-page PDF through the Stamper port (ceiling ${STAMP_CEILING_MS} ms):`;
const DOWNLOADS_TITLE =
  `Downloads: ${DOWNLOADS} at once of a ${FILE_MB} MB file, straight from the storage and through the compiled store (PGlite), ` +
  'beside a signed-in shopper\'s catalogue reads; CPU in cores of the machine\'s two:';
const REPRICE_RUNS = 3;
const FAIRNESS_TITLE =
  `Fairness: ${FAIRNESS_READ_RPS} catalogue reads a second from ${FAIRNESS_READ_ADDRESSES.length} addresses, alone and while ${FAIRNESS_FLOOD_CONNECTIONS} ` +
  'connections sign in with a valid account from one address (the compiled store, TRUST_PROXY=1, production limits; then with the limits off):';
const PAYMENTS_TITLE =
  `Paymob through its emulator (the compiled store, test mode): ${KIOSK_ORDERS.toLocaleString('en')} kiosk orders paid within ${CALLBACKS_WITHIN_S} s, ` +
  'then wallet purchases (OTP) by buyers at once; beside both, a signed-in shopper\'s catalogue reads:';
const CHECKOUT = path.join(__dirname, 'checkout.ts');
/** Shoppers buying at once when the checkout's capacity is measured; then the steady pace of orders, and of signed-in reads beside them. */
const CHECKOUT_BUYERS = 10;
const CHECKOUT_ORDERS_PER_SECOND = 10;
const CHECKOUT_READ_RPS = 200;
/** The mix's pace: requests a second over both processes (a steady load, not the most they can do). */
const MIX_RPS = Number(process.env.BENCH_MIX_RPS ?? 1000);
if (!Number.isInteger(MIX_RPS) || MIX_RPS < 10 || MIX_RPS > 100_000) throw new Error('BENCH_MIX_RPS takes a whole number from 10 to 100000');
const WARMUP_SECONDS = 2;
const CONNECTIONS = 50;
/** The back office's figure (issue 21): its calls at 20 connections. */
const ADMIN_CONNECTIONS = 20;
const RESULTS = path.join(__dirname, 'results', 'latest.json');
const SERVER = path.join(__dirname, 'server.ts');
const MIX = path.join(__dirname, 'mix.ts');
/** Seeding and start-up, then two warm-ups and two runs per scenario, and the mix, each with slack. */
const DEADLINE_MS = (25 * 60 + ((SCENARIOS.length + ADMIN_SCENARIOS.length) * 2 + 1 + 8) * (WARMUP_SECONDS + SECONDS + 35)) * 1000;

/** Starts `bench/server.ts` as its own process; resolves with its base URL once it listens. */
/** Each server's process id by its address: the export's memory is read from /proc. */
const serverPids = new Map<string, number>();

const startServer = (databaseUrl: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = start(process.execPath, ['--import', 'tsx', SERVER], { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production' });
    onCleanup(() => stop(child));
    child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`server: ${chunk.toString()}`));
    const timer = setTimeout(() => reject(new Error('The server did not start within 60 s')), 60_000);
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const port = /^listening (\d+)$/.exec(line)?.[1];
      if (!port) return console.log(`server: ${line}`);
      clearTimeout(timer);
      serverPids.set(`http://127.0.0.1:${port}`, child.pid!);
      resolve(`http://127.0.0.1:${port}`);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (code ${code})`));
    });
  });

/** The 1-minute load average before the run: other busy processes make the numbers noisy. */
const warnIfBusy = (): number => {
  const load = Number(os.loadavg()[0]!.toFixed(2));
  if (load > os.cpus().length / 2) console.warn(`Warning: the machine is already busy (load average ${load}); numbers will be noisy.`);
  return load;
};

const requestOf = (base: string, s: Scenario, cookie: string): Request => ({
  method: s.method,
  url: `${base}${s.path}`,
  headers: { ...(s.body === undefined ? {} : { 'content-type': 'application/json' }), ...(s.signedIn ? { cookie } : {}), ...s.headers },
  body: s.body === undefined ? undefined : JSON.stringify(s.body),
});

/** Signs a shopper up (or in, on a reused database); resolves with their session cookie. */
const signIn = async (base: string, shopper: { username: string; email: string; password: string }): Promise<string> => {
  let answer = await post(base, '/api/user/signup', shopper);
  if (answer.status === 409) answer = await post(base, '/api/user/login', shopper);
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('sid='))?.split(';')[0];
  if (!cookie) throw new Error(`The benchmark shopper ${shopper.username} could not sign in (${answer.status})`);
  return cookie;
};

const post = (base: string, path: string, body: object, cookie = '') =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

/** Signs the benchmark shopper in and puts a product in their cart. */
const signInShopper = async (base: string): Promise<string> => {
  const cookie = await signIn(base, BENCH_SHOPPER);
  await post(base, '/api/addtocart', { id: largeId(12_345) }, cookie);
  return cookie;
};

/** The signed-in mix (bench/mix.ts, its own process) over every server, after the mix's shoppers sign in. */
const measureMix = async (servers: readonly string[]): Promise<MixResult> => {
  const cookies: string[] = [];
  for (let n = 0; n < MIX_SHOPPERS; n++) cookies.push(await signIn(servers[n % servers.length]!, mixShopper(n)));
  const plan: MixPlan = {
    servers,
    cookies,
    cartProducts: cookies.map((_, n) => mixCartProduct(n)),
    catalogueReads: MIX_CATALOGUE_READS,
    rps: MIX_RPS,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  };
  console.log(`signed-in mix: ${MIX_SHOPPERS} shoppers on ${servers.length} processes, ${MIX_RPS} requests a second; measuring…`);
  const stdout = await exec(process.execPath, ['--import', 'tsx', MIX, JSON.stringify(plan)], { timeoutMs: (WARMUP_SECONDS + SECONDS + 60) * 1000 });
  return JSON.parse(stdout) as MixResult;
};

/** The checkout path (bench/checkout.ts, its own process): PayPal purchases through the emulator beside signed-in reads. */
const measureCheckout = async (base: string): Promise<CheckoutResult[]> => {
  const cookies: string[] = [];
  for (let n = 0; n < CHECKOUT_BUYERS; n++) cookies.push(await signIn(base, { username: `buyer${n}`, email: `buyer${n}@shop.test`, password: 'Bench123' }));
  const plan: Omit<CheckoutPlan, 'mode'> = {
    ordersPerSecond: CHECKOUT_ORDERS_PER_SECOND,
    server: base,
    cookies,
    products: Array.from({ length: 50 }, (_, n) => largeId(20_000 + n * 13)),
    reads: MIX_CATALOGUE_READS.filter((r) => r.method === 'GET').map((r) => r.path),
    buyers: CHECKOUT_BUYERS,
    readRps: CHECKOUT_READ_RPS,
    seconds: SECONDS,
  };
  // Warm, as a store that has been open a while is: the reads' pages and the products' details cached.
  for (const path of [...plan.reads, ...plan.products.map((id) => `/api/backendproduct/details/${id}`)]) await fetch(base + path, { headers: { cookie: cookies[0]! } });
  const results: CheckoutResult[] = [];
  // Paced first: the capacity run leaves webhooks and e-mails behind it that would weigh on the reads.
  for (const mode of ['paced', 'capacity'] as const) {
    console.log(
      mode === 'capacity'
        ? `checkout capacity: ${CHECKOUT_BUYERS} buyers at once with PayPal through its emulator (latency 0 ms); measuring…`
        : `checkout paced: ${CHECKOUT_ORDERS_PER_SECOND} orders a second beside ${CHECKOUT_READ_RPS} signed-in catalogue reads a second; measuring…`,
    );
    const stdout = await exec(process.execPath, ['--import', 'tsx', CHECKOUT, JSON.stringify({ ...plan, mode })], { timeoutMs: (SECONDS + 60) * 1000 });
    results.push(JSON.parse(stdout) as CheckoutResult);
  }
  return results;
};

const checkoutTable = (results: readonly CheckoutResult[]): string =>
  [
    '| run | orders settled | per second | failed | create-order p50 / p99 ms | capture p50 / p99 ms | signed-in reads p50 / p99 ms | goal met |',
    '|-----|---------------:|-----------:|-------:|--------------------------:|---------------------:|-----------------------------:|---------:|',
    ...results.map((c) => {
      const run = c.mode === 'capacity' ? `${c.buyers} buyers at once` : `${c.ordersPerSecond} orders/s, ${c.readRps} reads/s`;
      const reads = c.mode === 'capacity' ? '–' : `${c.readP50Ms} / ${c.readP99Ms}`;
      const goal = c.mode === 'capacity' ? 'no goal' : c.readP99Ms < CHECKOUT_READ_P99_MS && c.readsFailed === 0 && c.failed === 0 ? 'yes' : 'no';
      return `| ${run} | ${c.settled} | ${c.settledPerSecond} | ${c.failed} | ${c.createP50Ms} / ${c.createP99Ms} | ${c.captureP50Ms} / ${c.captureP99Ms} | ${reads} | ${goal} |`;
    }),
  ].join('\n');

interface BackOffice {
  readonly outcomes: Outcome[];
  readonly afterSales: ReadsAfterSales;
  readonly exported: ExportRun;
  readonly repriceMs: number[];
  readonly updated: number;
  readonly couponRace: CouponRace;
}

/**
 * The back office: its reads over the seeded orders (autocannon, as the single scenarios), the year's
 * best sellers read after each of a few sales, the export, the coupon race, then the bulk EGP reprice
 * of the whole catalogue, one call at a time, timed end to end.
 */
const measureBackOffice = async (base: string, databaseUrl: string): Promise<BackOffice> => {
  const cookie = await signIn(base, BENCH_ADMIN);
  const outcomes: Outcome[] = [];
  // A product's title as sold, searched as the owner would type it: the sample order's first line.
  const sample = (await (await fetch(`${base}/api/admin/orders/${SAMPLE_ORDER}/timeline`, { headers: { cookie } })).json()) as { order?: { products: { title: string }[] } };
  const title = sample.order?.products[0]?.title;
  if (!title) throw new Error(`The sample order ${SAMPLE_ORDER} has no timeline: was it seeded?`);
  const byTitle: Scenario = { name: "Orders search, a product's title", method: 'GET', path: `/api/allusers/ordersdata?q=${encodeURIComponent(title.toLowerCase())}`, signedIn: true, goal: ADMIN_READ };
  for (const scenario of [...ADMIN_SCENARIOS, byTitle]) outcomes.push(await measure(base, scenario, cookie, ADMIN_CONNECTIONS));
  const yearTop = ADMIN_SCENARIOS.find((s) => s.name === YEAR_TOP_REPORT);
  if (!yearTop) throw new Error(`No scenario is named ${YEAR_TOP_REPORT}`);
  const afterSales = await measureReadsAfterSales(databaseUrl, base, cookie, { name: yearTop.name, path: yearTop.path }, largeId(12_345));
  // The newest EXPORT_ORDERS orders: one a minute back from the seeding, so those of the last EXPORT_ORDERS minutes (less one, for the time since).
  const newest = new Date(Date.now() - (EXPORT_ORDERS - 1) * 60_000).toISOString();
  const exported = await measureExport(base, cookie, serverPids.get(base)!, newest);
  const couponRace = await measureCouponRace(base, cookie, largeId(12_345));
  const repriceMs: number[] = [];
  let updated = 0;
  for (let run = 0; run < REPRICE_RUNS; run++) {
    const started = performance.now();
    const answer = await post(base, '/api/backendproduct/updateproductprices', {}, cookie);
    repriceMs.push(Number((performance.now() - started).toFixed(0)));
    const body = (await answer.json()) as { updated?: number; message?: string };
    if (!answer.ok) throw new Error(`The bulk reprice answered ${answer.status}: ${body.message}`);
    updated = body.updated ?? 0;
  }
  return { outcomes, afterSales, exported, repriceMs, updated, couponRace };
};

/** The configured Argon2id cost, timed on its own: what one sign-in costs in CPU. */
const hashMs = async (): Promise<number> => {
  const hasher = new Argon2Hasher(configFromEnv().argon2);
  await hasher.hash('warm-up');
  const started = performance.now();
  for (let i = 0; i < 10; i++) await hasher.hash(`Password${i}1`);
  return (performance.now() - started) / 10;
};

/** Warm-up then measurement, under load from a separate autocannon process. */
const measureLoad = async (request: Request, newQueries?: Scenario['newQueries'], connections = CONNECTIONS) => {
  await fire(request, WARMUP_SECONDS, connections, newQueries);
  return fire(request, SECONDS, connections, newQueries);
};

const measure = async (base: string, scenario: Scenario, cookie: string, connections = CONNECTIONS): Promise<Outcome> => {
  // A new search's first answer and size: one such search, as the load will send.
  const sample =
    scenario.newQueries && JSON.parse(newSearch(titleWords(scenario.newQueries.arabic), scenario.newQueries.withNumber, Math.random, scenario.newQueries.arabic));
  const request = requestOf(base, sample ? { ...scenario, body: sample } : scenario, cookie);
  const first = await fetchOnce(request);
  // Measured all the same: its failures count in the table (the goal then missed), and the scenarios after it still run.
  if (first.status < 200 || first.status > 299) console.log(`${scenario.name}: ${request.url} answered ${first.status}`);
  const ceiling: Request = { method: 'GET', url: `${base}/api/bench/ceiling?bytes=${first.bytes}`, headers: {} };
  const probe = await fetchOnce(ceiling);
  if (probe.status !== 200 || probe.bytes !== first.bytes) throw new Error(`The ceiling answered ${probe.status}, ${probe.bytes} B`);
  console.log(`${scenario.name}: ${first.bytes} B, first answer in ${first.ms.toFixed(1)} ms; measuring…`);
  const load = await measureLoad(request, scenario.newQueries, connections);
  const top = await measureLoad(ceiling, undefined, connections);
  return outcome(scenario.name, first.bytes, first.ms, load, top, scenario.goal);
};

const main = async () => {
  console.log(
    `Catalogue benchmark: ${PRODUCTS.toLocaleString('en')} products, ${CONNECTIONS} connections, ` +
      `${SECONDS} s per run after a ${WARMUP_SECONDS} s warm-up, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const loadBefore = warnIfBusy();
  // In this process and before any server or database: nothing else shares the core it runs on.
  const stamping = RUN_STAMPING ? await measureStamping() : undefined;
  if (stamping) console.log(`\n${STAMPING_TITLE}\n\n${stampingTable(stamping)}\n`);
  if (ONLY === 'stamping') return writeJson(RESULTS, { measuredAt: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version, loadBefore }, stamping });
  // Also before PostgreSQL starts: the store runs on PGlite, and a cluster at rest would only share the cores.
  const downloads = RUN_DOWNLOADS ? await measureDownloads() : undefined;
  if (downloads) console.log(`\n${DOWNLOADS_TITLE}\n\n${downloadsTable(downloads)}\n`);
  if (ONLY === 'downloads') return writeJson(RESULTS, { measuredAt: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version, loadBefore }, downloads });
  const throwaway = process.env.BENCH_DATABASE_URL ? undefined : await startThrowawayPostgres();
  if (throwaway) onCleanup(() => throwaway.stop());
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? throwaway!.url;
  console.log(process.env.BENCH_DATABASE_URL ? 'Database: BENCH_DATABASE_URL' : 'Database: throwaway PostgreSQL cluster on 127.0.0.1');

  // First, on a database of its own: the cold start is measured before the cluster is busy with 100,000 products.
  const startup = RUN_STARTUP ? await measureStartup(databaseUrl) : undefined;
  if (startup) console.log(`\nCold start and idle memory of the compiled store (\`npm start\`), UI built:\n\n${startupTable(startup)}\n`);
  if (ONLY === 'startup') return writeJson(RESULTS, { measuredAt: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version, loadBefore }, startup });

  // Also before the large catalogue: each engine gets a database of its own with the demo catalogue.
  const fairness = RUN_FAIRNESS ? await measureFairness(databaseUrl, SECONDS) : undefined;
  if (fairness) console.log(`\n${FAIRNESS_TITLE}\n\n${fairnessTable(fairness)}\n`);
  if (ONLY === 'fairness')
    return writeJson(RESULTS, { measuredAt: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version, loadBefore }, seconds: SECONDS, fairness });

  // Also on databases of their own with the demo catalogue: what is measured is the payments, not the catalogue's size.
  const payments = RUN_PAYMENTS ? await measurePayments(databaseUrl, SECONDS) : undefined;
  if (payments) console.log(`\n${PAYMENTS_TITLE}\n\n${paymentsTables(payments)}\n`);
  if (ONLY === 'payments')
    return writeJson(RESULTS, { measuredAt: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version, loadBefore }, seconds: SECONDS, payments });

  console.log(`Seeding ${PRODUCTS.toLocaleString('en')} products…`);
  const seedSeconds = await seedCatalogue(databaseUrl, PRODUCTS);
  console.log(seedSeconds === undefined ? 'Already seeded.' : `Seeded in ${seedSeconds.toFixed(1)} s (with vacuum analyze).`);

  if (RUN_ADMIN) {
    console.log(`Seeding ${ORDERS.toLocaleString('en')} orders of ${CUSTOMERS.toLocaleString('en')} customers and the benchmark admin…`);
    await seedOrders(databaseUrl, PRODUCTS);
  }

  // The server serves the built UI's pages, rendered (issue 22).
  ensureUiBuild();
  const servers = [await startServer(databaseUrl)];
  if (RUN_MIX) while (servers.length < MIX_PROCESSES) servers.push(await startServer(databaseUrl));
  const base = servers[0]!;
  console.log(`Server${servers.length > 1 ? 's' : ''} listening at ${servers.join(', ')}`);
  const outcomes: Outcome[] = [];
  if (RUN_SINGLE) {
    const cookie = await signInShopper(base);
    for (const scenario of SINGLE_SCENARIOS) outcomes.push(await measure(base, scenario, cookie));
  }
  const firstRenders: FirstRenders | undefined = RUN_FIRST_RENDERS ? await measureFirstRenders(base) : undefined;
  const mix = RUN_MIX ? await measureMix(servers) : undefined;
  const checkout = RUN_CHECKOUT ? await measureCheckout(base) : undefined;
  // Last: a reprice changes every product, so every process forgets its cached catalogue.
  const backOffice = RUN_ADMIN ? await measureBackOffice(base, databaseUrl) : undefined;
  const argon2 = { ...configFromEnv().argon2, hashMs: await hashMs() };

  if (stamping) console.log(`\n${STAMPING_TITLE}\n\n${stampingTable(stamping)}`);
  if (downloads) console.log(`\n${DOWNLOADS_TITLE}\n\n${downloadsTable(downloads)}`);
  if (startup) console.log(`\nCold start and idle memory (\`npm start\`, UI built):\n\n${startupTable(startup)}`);
  if (fairness) console.log(`\n${FAIRNESS_TITLE}\n\n${fairnessTable(fairness)}`);
  if (payments) console.log(`\n${PAYMENTS_TITLE}\n\n${paymentsTables(payments)}`);
  if (outcomes.length) console.log(`\n${table(outcomes)}\n\n${details(outcomes)}`);
  if (firstRenders) console.log(`\n${firstRendersLine(firstRenders)}`);
  if (outcomes.some((o) => o.scenario.endsWith(ARABIC))) console.log(`\nSearches, English and Arabic side by side:\n\n${searchPairs(outcomes)}`);
  if (mix) console.log(`\nSigned-in mix, ${mix.processes} processes, ${mix.rps} requests a second, one in five a cart add or remove:\n\n${mixTable(mix)}`);
  if (checkout) console.log(`\nCheckout with PayPal through its emulator (latency 0 ms):\n\n${checkoutTable(checkout)}`);
  if (backOffice) {
    console.log(`\nBack office, ${ORDERS.toLocaleString('en')} orders of ${CUSTOMERS.toLocaleString('en')} customers at ${ADMIN_CONNECTIONS} connections (goal: p99 under 100 ms):\n\n${table(backOffice.outcomes)}`);
    const after = backOffice.afterSales;
    console.log(
      `\n${after.report}, the first read after each of ${SALES_BEFORE_READS} sales (the answer kept until a sale, so the table above reads a kept one): ` +
        `${after.ms.join(' ms, ')} ms`,
    );
    const e = backOffice.exported;
    console.log(
      `\nCSV export of the newest orders, streamed: ${e.rows.toLocaleString('en')} rows, ${e.mb.toFixed(1)} MB in ${e.seconds.toFixed(1)} s; ` +
        `the store's memory ${e.rssBeforeMb.toFixed(0)} MB before, ${e.rssPeakMb.toFixed(0)} MB at its peak (growth ${(e.rssPeakMb - e.rssBeforeMb).toFixed(0)} MB; goal: constant)`,
    );
    console.log(
      `\nBulk EGP reprice of ${backOffice.updated.toLocaleString('en')} products (one statement, one transaction, through the API): ` +
        `${backOffice.repriceMs.join(' ms, ')} ms`,
    );
    console.log(`\n${couponRaceLine(backOffice.couponRace)}`);
  }
  console.log(
    `\nArgon2id at ${argon2.memoryCost} KiB, ${argon2.timeCost} passes: ${argon2.hashMs.toFixed(1)} ms per hash ` +
      `(one core); sign-ins per second under load: ${outcomes.find((o) => o.scenario.startsWith('sign-in'))?.load.rps.toFixed(0) ?? 'not measured'}`,
  );
  const js = homePageJs(UI_DIST);
  console.log(
    js
      ? `\nHome page JavaScript: ${(js.gzipBytes / 1024).toFixed(1)} KB gzipped in ${js.files} files`
      : '\nHome page JavaScript: skipped, ui/dist is missing (run `npm run build` first)',
  );
  writeJson(RESULTS, {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, loadBefore },
    products: PRODUCTS,
    rps: MIX_RPS,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    seedSeconds: seedSeconds ?? null,
    stamping: stamping ?? null,
    downloads: downloads ?? null,
    startup: startup ?? null,
    fairness: fairness ?? null,
    payments: payments ?? null,
    results: outcomes,
    firstRenders: firstRenders ?? null,
    mix: mix ?? null,
    checkout: checkout ?? null,
    backOffice: backOffice ?? null,
    argon2,
    homePageJs: js ?? null,
  });
  console.log(`Written to ${path.relative(process.cwd(), RESULTS)}`);
};

let finishing = false;
const finish = async (code: number) => {
  if (finishing) return;
  finishing = true;
  await cleanUp();
  process.exit(code);
};

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => {
    console.error(`\n${signal}: stopping and cleaning up…`);
    void finish(130);
  });
setTimeout(() => {
  console.error(`The benchmark took longer than ${DEADLINE_MS / 60_000} minutes; stopping.`);
  void finish(1);
}, DEADLINE_MS).unref();

main().then(
  () => finish(0),
  (error: unknown) => {
    if (!finishing) console.error(error instanceof Error ? error.message : error);
    void finish(1);
  },
);
