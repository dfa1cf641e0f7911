/**
 * The UI's only adapter to the server: same origin, cookies included, JSON in and out (a multipart
 * form for the product editor). Every call either resolves with the data the screens need or
 * rejects with an ApiError that carries the HTTP status and the server's message (or a fallback the
 * screen chooses).
 */
import type { z } from 'zod';
import type { PublicProduct as Product } from '../../../api/catalog';
import type { ProfileData, SessionUser } from '../../../api/accounts';
import type { AnswerOf, RequestOf } from '../../../api/schemas';
import { CALLS, pathOf, type CallName } from '../../../api/calls';
import type { Language } from '../../../core/shared/language';
import type { MessageCode } from '../../../api/messages';
import type { SendRequest } from '../../../api/rendered-page';
import { messagesReady, translatedMessage } from '../i18n/messages';

/** The answer of a call, as api/ defines it once for the server and this client (types only: no zod in the bundle). */
export type Answer<S extends z.ZodType> = z.infer<S>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** true when the server answered with its own message */
    readonly fromServer: boolean,
    /** The codes of the server's message (api/messages.ts), one per line: what a screen decides by, never the text. */
    readonly codes: readonly MessageCode[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The code of the server's message; undefined when the server said nothing (a proxy's error page). */
  get code(): MessageCode | undefined {
    return this.codes[0];
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Envelope {
  success?: boolean;
  message?: string;
  code?: MessageCode;
  codes?: MessageCode[];
}

const codesOf = (data: Envelope | undefined): MessageCode[] =>
  Array.isArray(data?.codes) ? data.codes : typeof data?.code === 'string' ? [data.code] : [];

/** The failure an answer tells of: the server's message (in the page's language) and codes, or the status alone. */
export const failureOf = (status: number, data: Envelope | undefined): ApiError => {
  const message = typeof data?.message === 'string' && data.message ? data.message : '';
  const codes = codesOf(data);
  return new ApiError(status, message ? translatedMessage(message, codes) : `Request failed (${status})`, message !== '', codes);
};

interface RequestOptions {
  /** For a question such as "am I signed in?": a 200 `{ success: false }` is its answer, not a failure. */
  noIsAnAnswer?: boolean;
}

/** How a request reaches the server: the browser's fetch, or, on the server rendering a page, its own answers in-process (ui/src/server). */
let send: SendRequest = (address, init) => fetch(address, init);
export const sendRequestsWith = (sender: SendRequest): void => {
  send = sender;
};

export async function request<T extends object>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const response = await send(`/api${path}`, {
    method,
    credentials: 'include',
    // a form's own boundary goes in its Content-Type, which the browser writes for FormData
    headers: { Accept: 'application/json', ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  let data: (T & Envelope) | undefined;
  try {
    data = (await response.json()) as T & Envelope;
  } catch {
    data = undefined;
  }
  // Every answer's message is read in the page's language: its catalogue, fetched once the page is
  // idle (main.tsx), or now, never on the way of an answer that says nothing (a page's first reads).
  if (typeof data?.message === 'string' && data.message) await messagesReady().catch(() => undefined);
  if (!response.ok || !data || (data.success === false && !options.noIsAnAnswer)) throw failureOf(response.status, data);
  if (typeof data.message === 'string' && data.message) data.message = translatedMessage(data.message, codesOf(data));
  return data;
}

const query = (params: Record<string, string | number>): string =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

interface CallInput<N extends CallName> {
  readonly params?: Record<string, string>;
  readonly query?: Record<string, string | number>;
  /** The call's JSON body as api/schemas.ts defines it, or the product form (multipart). */
  readonly body?: RequestOf<N> | FormData;
}

/** A call of the table (api/calls.ts), at its method and path, answered as api/schemas.ts says. */
export function call<N extends CallName>(name: N, input: CallInput<N> = {}, options: RequestOptions = {}): Promise<AnswerOf<N>> {
  const path = pathOf(name, input.params) + (input.query ? `?${query(input.query)}` : '');
  return request<AnswerOf<N> & object>(CALLS[name].method, path, input.body, options);
}

export interface ProductPage {
  products: Product[];
  totalPages: number;
  total?: number;
}

export interface SearchOutcome {
  results: Product[];
  count: number;
  message?: string;
}

export const api = {
  async products(page: number, limit: number): Promise<ProductPage> {
    const r = await call('products', { query: { page, limit } });
    return { products: r.products, totalPages: r.totalPages, total: r.total };
  },

  async product(id: string): Promise<Product> {
    const r = await call('details', { params: { id } });
    return r.productDetails;
  },

  async related(type: string, excludeId: string, limit: number): Promise<Product[]> {
    const r = await call('related', { query: { category: type, exclude: excludeId, limit } });
    return r.data.relatedProducts;
  },

  async recommended(page: number, limit: number): Promise<ProductPage> {
    const r = await call('recommended', { query: { page, limit } });
    return { products: r.data.allProducts, totalPages: r.totalPages };
  },

  /** A type listing (`books`) or, with a book category, a subcategory listing. */
  async category(type: string, bookCategory: string | undefined, page: number, limit: number): Promise<ProductPage> {
    const r = bookCategory
      ? await call('categoryShelf', { params: { type, category: bookCategory }, query: { page, limit } })
      : await call('shelf', { params: { type }, query: { page, limit } });
    return { products: r.productdetails, totalPages: r.totalPages, total: r.total };
  },

  async search(searchQuery: string, page: number, limit: number): Promise<SearchOutcome> {
    const r = await call('search', { body: { query: searchQuery, page, limit } });
    return { results: r.results, count: r.count, message: r.message };
  },

  async country(): Promise<string | null> {
    const r = await call('country');
    return r.country;
  },

  async trackVisit(page: string): Promise<void> {
    await call('visit', { body: { page } });
  },
};

export type Api = typeof api;

export type { OrderSummary, ProfileData, SessionUser } from '../../../api/accounts';

export interface SignUpForm {
  username: string;
  email: string;
  password: string;
  repeatpassword: string;
}

/** Accounts and the signed-in user's cart. A 401 means signed out. */
export const accountApi = {
  /** The signed-in user's name, or null when signed out. */
  async currentUser(): Promise<string | null> {
    const r = await call('isLogged', {}, { noIsAnAnswer: true });
    return r.success ? r.username : null;
  },

  /** The session check with the role; signed out or any failure means no rights. */
  async sessionUser(): Promise<SessionUser | null> {
    try {
      const r = await call('sessionCheck', {}, { noIsAnAnswer: true });
      return r.success ? r.UserCheck : null;
    } catch {
      return null;
    }
  },

  async signUp(form: SignUpForm): Promise<{ username: string; message?: string }> {
    const r = await call('signUp', { body: form });
    return { username: r.username, message: r.message };
  },

  async signIn(usernameOrEmail: string, password: string): Promise<{ username: string; message?: string }> {
    const r = await call('signIn', { body: { username: usernameOrEmail, password } });
    return { username: r.username, message: r.message };
  },

  async signOut(): Promise<void> {
    await call('signOut');
  },

  async forgotPassword(resetEmail: string): Promise<string | undefined> {
    const r = await call('forgotPassword', { body: { resetEmail } });
    return r.message;
  },

  async resetPassword(token: string, newPassword: string, repeatPassword: string): Promise<string> {
    const r = await call('resetPassword', { params: { token }, body: { newPassword, repeatPassword } });
    return r.message;
  },

  async profile(): Promise<ProfileData> {
    const r = await call('profile');
    return r.userData;
  },

  async changeUsername(newUsername: string): Promise<{ username: string; message?: string }> {
    const r = await call('rename', { body: { newUsername } });
    return { username: r.username, message: r.message };
  },

  async changePassword(oldpassword: string, newpassword: string, repeatpassword: string): Promise<string | undefined> {
    const r = await call('changePassword', { body: { newPassword: { oldpassword, newpassword, repeatpassword } } });
    return r.message;
  },

  /** Keeps the language the signed-in shopper picked with their account (the chooser also sets the `lang` cookie). */
  async chooseLanguage(language: Language): Promise<Language> {
    const r = await call('chooseLanguage', { body: { language } });
    return r.language;
  },

  /** Google's address, where the browser goes to connect Google to the signed-in account; the password first. */
  async connectGoogle(password: string): Promise<string> {
    const r = await call('connectGoogle', { body: { password } });
    return r.url;
  },

  async cartCount(): Promise<number> {
    const r = await call('cartCount');
    return r.count;
  },

  /** Whether the product is in the signed-in user's cart. */
  async inCart(productId: string): Promise<boolean> {
    const response = await fetch(`/api${pathOf('inCart', { id: productId })}`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) {
      let data: Envelope | undefined;
      try {
        data = (await response.json()) as Envelope;
      } catch {
        /* no body */
      }
      await messagesReady().catch(() => undefined);
      throw failureOf(response.status, data);
    }
    const data = (await response.json()) as AnswerOf<'inCart'>;
    return data.success === true;
  },

  async addToCart(productId: string): Promise<{ added: boolean; count: number }> {
    const r = await call('addToCart', { body: { id: productId } });
    return { added: r.added, count: r.addingTocart?.count ?? 0 };
  },

  async removeFromCart(productId: string): Promise<number> {
    const r = await call('removeFromCart', { params: { id: productId } });
    return r.count;
  },

  /** The products in the signed-in user's cart, first added first. */
  async cart(): Promise<Product[]> {
    const r = await call('cart');
    return r.CheckUser.cart.map((entry) => entry.productId).filter((p): p is Product => p !== null && typeof p === 'object');
  },
};

export type AccountApi = typeof accountApi;

