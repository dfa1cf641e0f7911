/**
 * The UI's only adapter to the server: same origin, cookies included, JSON in and out. Every call
 * either resolves with the data the screens need or rejects with an ApiError that carries the HTTP
 * status and the server's message (or a fallback the screen chooses).
 */
import type { Product } from '../../../core/catalog/domain/product';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** true when the server answered with its own message */
    readonly fromServer: boolean,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST';

interface Envelope {
  success?: boolean;
  message?: string;
}

async function request<T extends object>(method: Method, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api${path}`, {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data: (T & Envelope) | undefined;
  try {
    data = (await response.json()) as T & Envelope;
  } catch {
    data = undefined;
  }
  if (!response.ok || !data || data.success === false) {
    const message = typeof data?.message === 'string' && data.message ? data.message : '';
    throw new ApiError(response.status, message || `Request failed (${response.status})`, message !== '');
  }
  return data;
}

const query = (params: Record<string, string | number>): string =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

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
    const r = await request<{ products: Product[]; totalPages: number; total: number }>(
      'GET',
      `/backendproduct/getproducts?${query({ page, limit })}`,
    );
    return { products: r.products, totalPages: r.totalPages, total: r.total };
  },

  async product(id: string): Promise<Product> {
    const r = await request<{ productDetails: Product }>('GET', `/backendproduct/details/${encodeURIComponent(id)}`);
    return r.productDetails;
  },

  async related(type: string, excludeId: string, limit: number): Promise<Product[]> {
    const r = await request<{ data: { relatedProducts: Product[] } }>(
      'GET',
      `/backendproduct/related?${query({ category: type, exclude: excludeId, limit })}`,
    );
    return r.data.relatedProducts;
  },

  async recommended(page: number, limit: number): Promise<ProductPage> {
    const r = await request<{ data: { allProducts: Product[] }; totalPages: number }>(
      'GET',
      `/backendproduct/recommended?${query({ page, limit })}`,
    );
    return { products: r.data.allProducts, totalPages: r.totalPages };
  },

  /** A type listing (`books`) or, with a book category, a subcategory listing. */
  async category(type: string, bookCategory: string | undefined, page: number, limit: number): Promise<ProductPage> {
    const path = bookCategory
      ? `/category/${encodeURIComponent(type)}/${encodeURIComponent(bookCategory)}`
      : `/category/${encodeURIComponent(type)}`;
    const r = await request<{ productdetails: Product[]; totalPages: number; total: number }>(
      'GET',
      `${path}?${query({ page, limit })}`,
    );
    return { products: r.productdetails, totalPages: r.totalPages, total: r.total };
  },

  async search(searchQuery: string, page: number, limit: number): Promise<SearchOutcome> {
    const r = await request<{ results: Product[]; count: number; message?: string }>('POST', '/search', {
      query: searchQuery,
      page,
      limit,
    });
    return { results: r.results, count: r.count, message: r.message };
  },

  async country(): Promise<string | null> {
    const r = await request<{ country: string | null }>('GET', '/getip');
    return r.country;
  },

  async trackVisit(page: string): Promise<void> {
    await request<Envelope>('POST', '/getip', { page });
  },
};

export type Api = typeof api;
