import { largeId } from '../adapters/persistence/seed/large-catalogue';
import { LANGUAGE_COOKIE } from '../core/shared/language';

/** What a scenario must reach: p99 latency below `p99Ms`, and at least `minRatio` of the ceiling's req/s. */
export interface Goal {
  readonly p99Ms: number;
  readonly minRatio: number;
}

export interface Scenario {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  /** From the server's root, e.g. `/api/...`. */
  readonly path: string;
  /** Sent as JSON. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent with the benchmark shopper's session cookie. */
  readonly signedIn?: boolean;
  /** Searches each new: two words of the catalogue's titles, and a number if asked (the body is made per request). */
  readonly newQueries?: { readonly withNumber: boolean; readonly arabic?: boolean };
  /** None: measured and printed only (sign-in is as slow as its Argon2id cost, by design). */
  readonly goal?: Goal;
}

/** The shopper the signed-in scenarios use; `run.ts` signs them up first. */
export const BENCH_SHOPPER = { username: 'benchshopper', email: 'bench@shop.test', password: 'Bench123' } as const;

/** How many products the benchmark's catalogue holds. */
export const PRODUCTS = 100_000;

/** The goal for every catalogue read. */
export const CATALOGUE_READ: Goal = { p99Ms: 25, minRatio: 0.4 };
/**
 * Issue 10's goal for searches never seen before: latency only. Their answers range from 68 B (none
 * found) to a full page of 20 products, so no single ceiling of one size stands for them.
 */
export const NEW_SEARCH: Goal = { p99Ms: 25, minRatio: 0 };
/** The accounts issue's goal for session reads: latency only. */
export const SESSION_READ: Goal = { p99Ms: 25, minRatio: 0 };

/** Issue 22: a rendered product page, from the cache, at 50 connections. */
export const RENDERED_PAGE: Goal = { p99Ms: 25, minRatio: 0.3 };
/**
 * What every browser and link preview sends, so a rendered page is answered zipped as they get it
 * (7 KB, not 35). The ceiling answers as many bytes as the first answer had, which fetch asks zipped too.
 */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' };
/** Issue 22's goal for the sitemaps: latency only, from the cache the change feed clears. */
export const SITEMAP_READ: Goal = { p99Ms: 100, minRatio: 0 };
/** A products file in the middle of the catalogue's (1,000 products a file: adapters/http/sitemaps.ts). */
export const SITEMAP_FILE = 50;

/** Each one is measured against the ceiling: the same app answering a precomputed body of the same size. */
export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'getproducts, deep page',
    method: 'GET',
    path: '/api/backendproduct/getproducts?page=5000&limit=15',
    goal: CATALOGUE_READ,
  },
  {
    name: 'details',
    method: 'GET',
    path: `/api/backendproduct/details/${largeId(54_321)}`,
    goal: CATALOGUE_READ,
  },
  { name: 'rendered product page', method: 'GET', path: `/product/${largeId(54_321)}`, headers: { 'accept-language': 'en', ...BROWSER_ENCODINGS }, goal: RENDERED_PAGE },
  {
    name: 'rendered product page, Arabic, phone',
    method: 'GET',
    path: `/ar/product/${largeId(54_321)}`,
    // With the language's cookie, which the first Arabic page set: a browser sends it back.
    headers: { 'accept-language': 'ar', 'sec-ch-ua-mobile': '?1', cookie: `${LANGUAGE_COOKIE}=ar`, ...BROWSER_ENCODINGS },
    goal: RENDERED_PAGE,
  },
  {
    name: 'category listing',
    method: 'GET',
    path: '/api/category/books/Endodontics?page=3&limit=15',
    goal: CATALOGUE_READ,
  },
  {
    name: 'search, the same query',
    method: 'POST',
    path: '/api/search',
    body: { query: 'implant', page: 1, limit: 20 },
    goal: CATALOGUE_READ,
  },
  // Issue 10: every search, not only a repeated one (bench/new-searches.ts makes each body).
  { name: 'search, a new query (2 title words, a number)', method: 'POST', path: '/api/search', newQueries: { withNumber: true }, goal: NEW_SEARCH },
  { name: 'search, a new query (2 title words)', method: 'POST', path: '/api/search', newQueries: { withNumber: false }, goal: NEW_SEARCH },
  // Issue 20: the same searches in Arabic, over the catalogue's Arabic titles (4 products in 10), to
  // compare side by side (searchPairs): 'زراعة' is the repeated 'implant'.
  { name: 'search, the same query, Arabic', method: 'POST', path: '/api/search', body: { query: 'زراعة', page: 1, limit: 20 }, goal: CATALOGUE_READ },
  { name: 'search, a new query (2 title words, a number), Arabic', method: 'POST', path: '/api/search', newQueries: { withNumber: true, arabic: true }, goal: NEW_SEARCH },
  { name: 'search, a new query (2 title words), Arabic', method: 'POST', path: '/api/search', newQueries: { withNumber: false, arabic: true }, goal: NEW_SEARCH },
  { name: 'islogged, signed in', method: 'GET', path: '/api/user/islogged', signedIn: true, goal: SESSION_READ },
  { name: 'CartCount, signed in', method: 'GET', path: '/api/addtocart/CartCount', signedIn: true, goal: SESSION_READ },
  // Issue 22: the sitemap index and a products file in its middle, zipped as crawlers take them.
  { name: 'sitemap index', method: 'GET', path: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' }, goal: SITEMAP_READ },
  { name: 'sitemap products file', method: 'GET', path: `/sitemaps/products-${SITEMAP_FILE}.xml`, headers: { 'accept-encoding': 'gzip' }, goal: SITEMAP_READ },
  {
    name: 'sign-in (Argon2id)',
    method: 'POST',
    path: '/api/user/login',
    body: { username: BENCH_SHOPPER.username, password: BENCH_SHOPPER.password },
  },
];

/** The back office's goal (issues 8 and 21): latency only, over the seeded orders (bench/back-office.ts). */
export const ADMIN_READ: Goal = { p99Ms: 100, minRatio: 0 };

/** The seeded orders' ids and customers' addresses (bench/back-office.ts writes them with the same rule). */
export const benchOrderId = (n: number) => `be${n.toString(16).padStart(22, '0')}`;
export const benchCustomerEmail = (n: number) => `customer${n}@bench.test`;
export const benchCustomerId = (n: number) => `bc${n.toString(16).padStart(22, '0')}`;

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
/** An order the seeding makes whatever the counts (the 4,242nd newest), and its number. */
export const SAMPLE_ORDER = benchOrderId(4242);

const YEAR_TOP = 'best sellers and downloads, 366 days';
/** The report whose answer is kept until a sale (migration 038): its first read after one is measured too. */
export const YEAR_TOP_REPORT = `Report: ${YEAR_TOP}`;

/**
 * Issue 21's reports over the seeded orders (placed a minute apart back from now): this month by day,
 * and the longest range a report takes (366 days) by week, for each report and one CSV. They read
 * the rollups migration 031 keeps, so their cost follows the days and products asked, not the orders.
 */
export const reportScenarios = (now: Date): Scenario[] => {
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const today = day(0);
  const month = `from=${today.slice(0, 8)}01&to=${today}`;
  const year = `from=${day(365)}&to=${today}`;
  const report = (name: string, path: string): Scenario => ({ name: `Report: ${name}`, method: 'GET', path, signedIn: true, goal: ADMIN_READ });
  return [
    report('sales per day, this month', `/api/admin/reports/sales?${month}&period=day`),
    report('sales per week, 366 days', `/api/admin/reports/sales?${year}&period=week`),
    report('best sellers and downloads, this month', `/api/admin/reports/products?${month}&limit=10`),
    report(YEAR_TOP, `/api/admin/reports/products?${year}&limit=10`),
    report('visits and conversion, 366 days', `/api/admin/reports/visits?${year}&limit=10`),
    report('sales CSV per month, 366 days', `/api/admin/reports/sales/csv?${year}&period=month`),
  ];
};

/**
 * Measured with the benchmark admin's cookie over ORDERS orders of CUSTOMERS customers: the spec's
 * list, then issue 21's search (by e-mail, a guest's, an order number, a word many titles have), filters (a rare state of
 * one provider's method, a currency's refunds, a month), an order's timeline, and the customers
 * (the list, a search, an account's and a guest's page). The search by a
 * product's title is added when measured (bench/run.ts), with the title of SAMPLE_ORDER's product.
 */
export const ADMIN_SCENARIOS: readonly Scenario[] = [
  { name: 'Customer Orders, first page', method: 'GET', path: '/api/allusers/ordersdata?page=1&limit=20', signedIn: true, goal: ADMIN_READ },
  { name: 'Customer Orders, page 250', method: 'GET', path: '/api/allusers/ordersdata?page=250&limit=20', signedIn: true, goal: ADMIN_READ },
  { name: "Orders search, a customer's e-mail", method: 'GET', path: `/api/allusers/ordersdata?q=${encodeURIComponent(benchCustomerEmail(42))}`, signedIn: true, goal: ADMIN_READ },
  { name: "Orders search, the start of a guest's e-mail", method: 'GET', path: '/api/allusers/ordersdata?q=guest77%40bench', signedIn: true, goal: ADMIN_READ },
  { name: 'Orders search, an order number', method: 'GET', path: `/api/allusers/ordersdata?q=${SAMPLE_ORDER.slice(-6)}`, signedIn: true, goal: ADMIN_READ },
  // A word in one title sold of twelve (3,426 of 39,761 at a million orders; 9% of the lines).
  { name: 'Orders search, a word many titles have', method: 'GET', path: '/api/allusers/ordersdata?q=atlas', signedIn: true, goal: ADMIN_READ },
  { name: 'Orders filter, Paymob kiosk pending', method: 'GET', path: '/api/allusers/ordersdata?provider=paymob&method=kiosk&status=pending', signedIn: true, goal: ADMIN_READ },
  { name: 'Orders filter, EGP refunded', method: 'GET', path: '/api/allusers/ordersdata?currency=EGP&status=refunded', signedIn: true, goal: ADMIN_READ },
  { name: 'Orders filter, a month, delivered', method: 'GET', path: `/api/allusers/ordersdata?from=${day(60)}&to=${day(30)}&status=delivered`, signedIn: true, goal: ADMIN_READ },
  { name: "An order's timeline", method: 'GET', path: `/api/admin/orders/${SAMPLE_ORDER}/timeline`, signedIn: true, goal: ADMIN_READ },
  { name: 'Customers, first page', method: 'GET', path: '/api/admin/customers?page=1&limit=20', signedIn: true, goal: ADMIN_READ },
  { name: 'Customers, page 250', method: 'GET', path: '/api/admin/customers?page=250&limit=20', signedIn: true, goal: ADMIN_READ },
  { name: 'Customers search, part of an e-mail', method: 'GET', path: '/api/admin/customers?q=customer4242', signedIn: true, goal: ADMIN_READ },
  { name: "A customer's page", method: 'GET', path: `/api/admin/customers/${benchCustomerId(42)}`, signedIn: true, goal: ADMIN_READ },
  { name: "A guest's page", method: 'GET', path: `/api/admin/customers/${encodeURIComponent('guest77@bench.test')}`, signedIn: true, goal: ADMIN_READ },
  ...reportScenarios(new Date()),
  // The products table (issue 21) over the 100,000 products, a search
  // by part of an author's name sorted by title, the best sellers deep in, a category by EGP price.
  ...[
    { name: 'Products table, newest first', path: '/api/admin/products?page=1&limit=20' },
    { name: 'Products table, author part, by title, page 2', path: '/api/admin/products?q=owalsk&sort=title&dir=asc&page=2&limit=20' },
    { name: 'Products table, by sales, page 100', path: '/api/admin/products?sort=sales&dir=desc&page=100&limit=20' },
    { name: 'Products table, a category by EGP price', path: '/api/admin/products?type=books&category=Endodontics&sort=egpprice&dir=asc&page=3&limit=20' },
  ].map((s) => ({ ...s, method: 'GET' as const, signedIn: true, goal: ADMIN_READ })),
];

/** The signed-in mix on several processes (bench/mix.ts): what each kind of request must reach. */
export const REQUEST_KINDS = ['catalogue read', 'islogged', 'cart write'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const MIX_GOALS: Readonly<Record<RequestKind, number | undefined>> = {
  'catalogue read': CATALOGUE_READ.p99Ms,
  islogged: SESSION_READ.p99Ms,
  // Writes go to PostgreSQL every time; measured and printed only.
  'cart write': undefined,
};
/** How many app processes share the database, and how many shoppers sign in, for the mix. */
export const MIX_PROCESSES = 2;
export const MIX_SHOPPERS = 10;
/** The mix's catalogue reads: the single-request scenarios' (in turn). */
export const MIX_CATALOGUE_READS = SCENARIOS.filter((s) => s.goal === CATALOGUE_READ && !s.newQueries).map(({ method, path, body }) => ({ method, path, body }));
/** Each shopper adds and removes one product of their own. */
export const mixCartProduct = (shopper: number) => largeId(70_000 + shopper);
export const mixShopper = (n: number) => ({ username: `mixshopper${n}`, email: `mix${n}@shop.test`, password: 'Bench123' });

export interface MixPlan {
  readonly servers: readonly string[];
  readonly cookies: readonly string[];
  readonly cartProducts: readonly string[];
  readonly catalogueReads: readonly { readonly method: 'GET' | 'POST'; readonly path: string; readonly body?: unknown }[];
  /** Requests a second, all kinds and processes together. */
  readonly rps: number;
  /** At most this many sockets per process. */
  readonly connections: number;
  readonly seconds: number;
  readonly warmupSeconds: number;
}

export interface KindResult {
  readonly kind: RequestKind;
  readonly requests: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Non-2xx answers, errors and timeouts. */
  readonly failed: number;
}

export interface MixResult {
  readonly seconds: number;
  readonly rps: number;
  readonly connections: number;
  readonly processes: number;
  readonly kinds: readonly KindResult[];
}

/** The checkout scenario (bench/checkout.ts): buyers buying with PayPal through the emulator while signed-in reads go on. */
export interface CheckoutPlan {
  /** `capacity`: buyers as fast as they can, no reads; `paced`: steady orders beside steady reads. */
  readonly mode: 'capacity' | 'paced';
  readonly ordersPerSecond: number;
  readonly server: string;
  readonly cookies: readonly string[];
  readonly products: readonly string[];
  readonly reads: readonly string[];
  readonly buyers: number;
  readonly readRps: number;
  readonly seconds: number;
}

export interface CheckoutResult {
  readonly mode: CheckoutPlan['mode'];
  readonly seconds: number;
  readonly buyers: number;
  readonly ordersPerSecond: number;
  /** Orders created and paid. */
  readonly settled: number;
  readonly settledPerSecond: number;
  readonly failed: number;
  readonly createP50Ms: number;
  readonly createP99Ms: number;
  readonly captureP50Ms: number;
  readonly captureP99Ms: number;
  readonly readRps: number;
  readonly readP50Ms: number;
  readonly readP99Ms: number;
  readonly readsFailed: number;
}

/** The goal while orders are settled: signed-in catalogue reads keep p99 under 25 ms. */
export const CHECKOUT_READ_P99_MS = 25;

/**
 * Fairness (issue 10, item 8): shoppers' catalogue reads, each from one of many addresses at a
 * steady pace, alone and then while one address signs in with a valid account over 40 connections
 * as fast as it can (bench/fairness-scenario.ts).
 */
export const FAIRNESS_FLOOD_CONNECTIONS = 40;
/** The shoppers' pace, all addresses together: well within the store's means (a steady load, not the most it can do). */
export const FAIRNESS_READ_RPS = 500;
/** The shoppers' addresses (TEST-NET-2, through X-Forwarded-For with TRUST_PROXY=1): each sends 2 a second. */
export const FAIRNESS_READ_ADDRESSES = Array.from({ length: 250 }, (_, n) => `198.51.100.${n + 1}`);
/** The flood's one address (TEST-NET-3). */
export const FAIRNESS_FLOOD_ADDRESS = '203.0.113.7';
export const FAIRNESS_ACCOUNT = { username: 'flooder', email: 'flooder@shop.test', password: 'Bench123' } as const;

export interface FairnessPlan {
  readonly server: string;
  readonly reads: readonly { readonly method: 'GET' | 'POST'; readonly path: string; readonly body?: unknown }[];
  readonly addresses: readonly string[];
  readonly rps: number;
  readonly connections: number;
  readonly warmupSeconds: number;
  readonly seconds: number;
}

/** The shoppers' reads as bench/fairness.ts measured them (latency from when each was due). */
export interface ReadsResult {
  readonly requests: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Non-2xx answers, errors and timeouts. */
  readonly failed: number;
}
