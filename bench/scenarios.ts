import { largeId } from '../adapters/persistence/seed/large-catalogue';

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
  /** None: measured and printed only (sign-in is as slow as its Argon2id cost, by design). */
  readonly goal?: Goal;
}

/** The shopper the signed-in scenarios use; `run.ts` signs them up first. */
export const BENCH_SHOPPER = { username: 'benchshopper', email: 'bench@shop.test', password: 'Bench123' } as const;

/** How many products the benchmark's catalogue holds. */
export const PRODUCTS = 100_000;

/** The goal for every catalogue read. */
export const CATALOGUE_READ: Goal = { p99Ms: 25, minRatio: 0.4 };
/** The accounts issue's goal for session reads: latency only. */
export const SESSION_READ: Goal = { p99Ms: 25, minRatio: 0 };

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
  {
    name: 'category listing',
    method: 'GET',
    path: '/api/category/books/Endodontics?page=3&limit=15',
    goal: CATALOGUE_READ,
  },
  {
    name: 'search',
    method: 'POST',
    path: '/api/search',
    body: { query: 'implant', page: 1, limit: 20 },
    goal: CATALOGUE_READ,
  },
  { name: 'islogged, signed in', method: 'GET', path: '/api/user/islogged', signedIn: true, goal: SESSION_READ },
  { name: 'CartCount, signed in', method: 'GET', path: '/api/addtocart/CartCount', signedIn: true, goal: SESSION_READ },
  {
    name: 'sign-in (Argon2id)',
    method: 'POST',
    path: '/api/user/login',
    body: { username: BENCH_SHOPPER.username, password: BENCH_SHOPPER.password },
  },
];
