/**
 * Test support for the UI: product fixtures, a fetch double standing in for the server at the API
 * client's boundary, and a renderer of the whole app at a given path and window width.
 */
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { PublicProduct as Product } from '../../api/catalog';
import type { ProviderSettings } from '../../api/ordering';
import { AppRoutes } from '../../ui/src/app/AppRoutes';
import { CallSchemas, SCHEMAS, answerSchemaOf } from '../../api/schemas';
import { failure } from '../../api/envelope';
import { callOf } from '../../api/calls';
import { withCode } from '../support/codes';

let serial = 0;
export const anId = (n: number = ++serial): string => n.toString(16).padStart(24, '0');

export function aProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides._id ?? anId();
  return {
    _id: id,
    title: `Clinical Endodontics ${id.slice(-3)}`,
    author: ['Ana Souza', 'Omar Khaled'],
    description: 'A practical guide to root canal treatment.',
    covers: [`/covers/${id}.svg`],
    smallCover: [`/covers/${id}.svg`],
    price: 25,
    egpprice: 1200,
    category: 'books',
    subcategory: ['Endodontics'],
    size: 48,
    Pages: 320,
    Language: 'English',
    format: 'pdf',
    year: '2023',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export interface Reply {
  status?: number;
  body: unknown;
}
type Handler = (url: URL, init: RequestInit | undefined) => Reply | Promise<Reply> | 'throw';

/**
 * GET /api/payment/settings as the store's two providers answer it: PayPal's buttons (its client id,
 * and the emulator's script in test mode) and Paymob's card frame; `extra` adds other providers.
 */
export const paymentSettings = (options: {
  paypalTest?: boolean;
  paymobTest?: boolean;
  clientId?: string;
  sdkBaseUrl?: string;
  extra?: ProviderSettings[];
} = {}): Reply => {
  const { paypalTest = true, paymobTest = true, clientId = 'sb-client', sdkBaseUrl, extra = [] } = options;
  const providers: ProviderSettings[] = [
    {
      name: 'paypal',
      label: 'PayPal',
      currency: 'USD',
      test: paypalTest,
      component: 'paypal-buttons',
      methods: [{ name: 'paypal', label: 'PayPal (wallet and credit cards)' }],
      client: { clientId, ...(sdkBaseUrl ? { sdkBaseUrl } : {}) },
    },
    { name: 'paymob', label: 'Paymob', currency: 'EGP', test: paymobTest, component: 'frame', methods: [{ name: 'card', label: 'Credit card (Paymob)' }] },
    ...extra,
  ];
  return { body: { success: true, providers } };
};

/** A call that needs a session, made signed out. */
export const SIGNED_OUT: Reply = { status: 401, body: { success: false, ...withCode('Please sign in first') } };
/** The session checks (islogged, islogged2) for a signed-out visitor: no is an answer, not a failure. */
export const NOT_SIGNED_IN: Reply = { body: { success: false } };

/** Routes of a signed-in session: the status checks and the cart count. */
export function signedInAs(username: string, options: { count?: number; role?: string; email?: string } = {}) {
  return {
    'GET /api/user/islogged': { body: { success: true, username } },
    'GET /api/user/islogged2': {
      body: { success: true, UserCheck: { username, email: options.email ?? `${username}@example.com`, role: options.role ?? 'User' } },
    },
    'GET /api/addtocart/CartCount': { body: { success: true, count: options.count ?? 0 } },
  } satisfies Record<string, Reply>;
}

export interface FakeServer {
  fetch: jest.Mock;
  /** requests seen, as 'METHOD /path?query' */
  calls: () => string[];
  bodies: (pathname: string) => unknown[];
}

/**
 * A fake success must be one the real server could give: api/ defines each call's answer once, so
 * these fakes cannot drift from the routes. A failure with a message is the store's, so it carries
 * its code (api/envelope.ts); any other may be anything (a proxy in front answers errors too),
 * which is what the screens' fallbacks are tested with.
 */
function checkAnswer(call: string, pathname: string, status: number, body: unknown): void {
  const [method] = call.split(' ');
  const theStores = typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false && 'message' in body;
  const schema = status >= 200 && status < 300 ? answerSchemaOf(method!, pathname) : theStores ? failure : undefined;
  if (!schema) return;
  const checked = schema.safeParse(body);
  if (!checked.success) mismatch(`The fake answer of ${call} (${status}) is not one the server gives: ${checked.error.message}`);
}

/**
 * A fake answer or a request the real server would not give or take. Thrown inside fetch, such an
 * error would reach the screen as a failed call, which some screens show as calmly as any other;
 * so it is also kept here and fails the test once it ends.
 */
const mismatches: string[] = [];
afterEach(() => {
  const found = mismatches.splice(0);
  if (found.length > 0) throw new Error(found.join('\n'));
});
const mismatch = (message: string): never => {
  mismatches.push(message);
  throw new Error(message);
};

/**
 * What the UI sends must be what the server takes: a call of the table (api/calls.ts) with a body
 * its request schema accepts (an unknown field is refused there, as by the server).
 */
function checkRequest(key: string, pathname: string, init: RequestInit | undefined): void {
  const name = callOf(init?.method ?? 'GET', pathname);
  if (!name) mismatch(`The UI called ${key}, which is no call of api/calls.ts`);
  const schema = (SCHEMAS[name!] as CallSchemas).body;
  if (!schema || typeof init?.body !== 'string') return;
  const checked = schema.safeParse(JSON.parse(init.body));
  if (!checked.success) mismatch(`The UI sent ${key} a body the server refuses: ${checked.error.message}`);
}

/**
 * Replaces global fetch. `routes` maps 'METHOD /api/path' (without query) to a reply or a handler;
 * GET /api/getip answers USD unless given; POST /api/getip succeeds. Unknown calls answer 404.
 */
export function fakeServer(routes: Record<string, Reply | Handler>): FakeServer {
  const all: Record<string, Reply | Handler> = {
    'GET /api/getip': { body: { country: 'United States' } },
    'POST /api/getip': { body: { success: true } },
    'GET /api/user/islogged': NOT_SIGNED_IN,
    'GET /api/user/islogged2': NOT_SIGNED_IN,
    'GET /api/addtocart/CartCount': SIGNED_OUT,
    ...routes,
  };
  for (const key of Object.keys(routes)) {
    const [method, path] = key.split(' ') as [string, string];
    if (!callOf(method, path)) throw new Error(`The fake server answers ${key}, which is no call of api/calls.ts`);
  }
  const fetchMock = jest.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${decodeURIComponent(url.pathname)}`;
    checkRequest(key, url.pathname, init);
    const route = all[key];
    let reply: Reply | 'throw';
    if (route === undefined) reply = { status: 404, body: { success: false, ...withCode('No such API call') } };
    else reply = typeof route === 'function' ? await route(url, init) : route;
    if (reply === 'throw') throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    const body = reply.body;
    checkAnswer(key, url.pathname, status, body);
    return { ok: status >= 200 && status < 300, status, json: async () => body };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return {
    fetch: fetchMock,
    calls: () =>
      fetchMock.mock.calls.map(([input, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${input}`),
    bodies: (pathname) =>
      fetchMock.mock.calls
        .filter(([input]) => new URL(input as string, 'http://localhost').pathname === pathname)
        .map(([, init]) => JSON.parse(((init as RequestInit | undefined)?.body as string) ?? 'null')),
  };
}

export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

export function renderApp(path: string, options: { width?: number; state?: unknown } = {}) {
  setViewportWidth(options.width ?? 1280);
  return render(
    <MemoryRouter initialEntries={[{ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state: options.state }]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

export const pageOf = (products: Product[], totalPages = 1) => ({
  body: { success: true, products, totalPages, total: products.length },
});

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = jest.fn();
});

/**
 * Lets every pending promise settle inside act(), also under fake timers (Node's own setImmediate
 * is not faked): for work that follows a user action, such as the session refresh after sign-up.
 */
const nextTurn = () =>
  new Promise<void>((resolve) => jest.requireActual<typeof import('timers')>('timers').setImmediate(resolve));

export const settle = () => act(nextTurn);

/** A reply that arrives on a later turn of the event loop (a real one, also under fake timers). */
export const later = async (reply: Reply): Promise<Reply> => {
  await nextTurn();
  return reply;
};
