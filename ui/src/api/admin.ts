/**
 * The admin's calls (spec section 7 'Admin'), apart from the rest of the client so that they load
 * with the admin screens, never with the home page.
 */
import type { AdminOrder, CustomerWithOrders, EditableProductData } from '../../../api/admin';
import type { OrderTimelineData } from '../../../api/admin-orders';
import { pathOf } from '../../../api/calls';
import { call } from './client';

import type { ProductsTableRowData, RepricePreviewData } from '../../../api/products-table';
export type { OrderTimelineData } from '../../../api/admin-orders';
import type { CustomerData, CustomerPageData } from '../../../api/admin-customers';
export type { CustomerData } from '../../../api/admin-customers';
export type CustomerPage = Omit<CustomerPageData, 'success' | 'message' | 'code'>;
export interface CustomersPage {
  customers: CustomerData[];
  totalPages: number;
  total: number;
  more?: boolean;
}
/** The timeline call's answer without its envelope. */
export type OrderTimeline = Omit<OrderTimelineData, 'success' | 'message' | 'code'>;

/** The filters of Customer Orders as the address bar keeps them (issue 21); blank ones are left out. */
export interface OrderFilters {
  q?: string;
  status?: string;
  provider?: string;
  method?: string;
  currency?: string;
  from?: string;
  to?: string;
}
export const ORDER_FILTER_KEYS = ['q', 'status', 'provider', 'method', 'currency', 'from', 'to'] as const;

const given = (filters: OrderFilters): Record<string, string> =>
  Object.fromEntries(ORDER_FILTER_KEYS.flatMap((key) => (filters[key]?.trim() ? [[key, filters[key]!.trim()]] : [])));

/** The address of the CSV of the orders these filters show: the browser downloads it as it streams. */
export const exportOrdersHref = (filters: OrderFilters): string => {
  const query = new URLSearchParams(given(filters)).toString();
  return `/api${pathOf('exportOrders')}${query ? `?${query}` : ''}`;
};

export type { AdminOrder, CustomerWithOrders, EditableProductData } from '../../../api/admin';
export type { ProductsTableRowData, RepricePreviewData } from '../../../api/products-table';

/** The products table's query as the screen holds it: empty text is no filter. */
export interface ProductsTableQuery {
  q: string;
  type: string;
  category: string;
  deleted: 'no' | 'only' | 'all';
  sort: string;
  dir: 'asc' | 'desc';
  page: number;
  limit: number;
}

export interface ProductsTablePage {
  products: ProductsTableRowData[];
  page: number;
  totalPages: number;
  total: number;
  /** More products match a search than `total` counts (a search is counted to 1,000). */
  more?: boolean;
}

export interface CustomerOrdersPage {
  usersOrders: CustomerWithOrders[];
  page: number;
  totalPages: number;
  total: number;
  /** More orders match than `total` counts (a filtered list is counted to 1,000). */
  more?: boolean;
}

export const adminApi = {
  /** A page of every customer's orders, newest first, grouped by account. */
  async customerOrders(page: number, limit: number, filters: OrderFilters = {}): Promise<CustomerOrdersPage> {
    const r = await call('customerOrders', { query: { page, limit, ...given(filters) } });
    return { usersOrders: r.usersOrders, page: r.page, totalPages: r.totalPages, total: r.total, ...(r.more ? { more: true } : {}) };
  },

  /** Accounts and guests, by address, a page at a time; `q` a part of a name or an address. */
  async customers(page: number, limit: number, q?: string): Promise<CustomersPage> {
    const r = await call('customers', { query: { page, limit, ...(q?.trim() ? { q: q.trim() } : {}) } });
    return { customers: r.customers, totalPages: r.totalPages, total: r.total, ...(r.more ? { more: true } : {}) };
  },

  /** `key`: an account id or a guest's address, as the list gives it. */
  async customer(key: string): Promise<CustomerPage> {
    const r = await call('customer', { params: { id: key } });
    return { customer: r.customer, orders: r.orders, downloads: r.downloads };
  },

  async resendConfirmation(orderId: string): Promise<string> {
    return (await call('resendConfirmation', { params: { orderId } })).message;
  },

  async resendLibraryLink(key: string): Promise<string> {
    return (await call('resendLibraryLink', { params: { id: key } })).message;
  },

  /** An order with its life, oldest first: payments, refunds, downloads and e-mails. */
  async orderTimeline(orderId: string): Promise<OrderTimeline> {
    const r = await call('orderTimeline', { params: { orderId } });
    return { order: r.order, events: r.events };
  },

  async markDelivered(orderId: string): Promise<string> {
    const r = await call('deliver', { params: { orderId } });
    return r.message;
  },

  /** A transfer's money arrived: the order is paid and its buyer e-mailed. */
  async approveTransfer(orderId: string): Promise<{ message: string; status: string }> {
    const r = await call('approveTransfer', { params: { orderId } });
    return { message: r.message, status: r.order.status };
  },

  /** A transfer that did not arrive: the order fails and its buyer is e-mailed `reason`. */
  async rejectTransfer(orderId: string, reason: string): Promise<{ message: string; status: string }> {
    const r = await call('rejectTransfer', { params: { orderId }, body: { reason } });
    return { message: r.message, status: r.order.status };
  },

  /** Gives money back through the order's provider: the products named, or every one still owned. */
  async refund(orderId: string, productIds?: readonly string[]): Promise<{ status: AdminOrder['status']; refunded: number }> {
    const r = await call('refundOrder', { params: { orderId }, body: productIds ? { productIds: [...productIds] } : {} });
    return r.order;
  },

  /** Every field of a product, its download link and password included, and whether it is deleted. */
  async productForEditing(id: string): Promise<EditableProductData> {
    const r = await call('editableProduct', { params: { id } });
    return r.data;
  },

  /** The product form as multipart (see admin/product-form-value.ts for its entries). */
  async addProduct(form: FormData): Promise<{ message: string; id: string }> {
    const r = await call('addProduct', { body: form });
    return { message: r.message, id: r.id };
  },

  async updateProduct(id: string, form: FormData): Promise<{ message: string; id: string }> {
    const r = await call('updateProduct', { params: { id }, body: form });
    return { message: r.message, id: r.id };
  },

  async removeProduct(id: string): Promise<string> {
    const r = await call('removeProduct', { params: { id } });
    return r.message;
  },

  async recreateProduct(id: string): Promise<string> {
    const r = await call('recreateProduct', { params: { id } });
    return r.message;
  },

  /** A page of the products table (issue 21): searched, filtered and sorted by the server. */
  async productsTable(query: ProductsTableQuery): Promise<ProductsTablePage> {
    const sent = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '').map(([key, value]) => [key, String(value)]));
    const r = await call('productsTable', { query: sent });
    return { products: r.products, page: r.page, totalPages: r.totalPages, total: r.total, ...(r.more ? { more: true } : {}) };
  },

  /** A new product copied from `id`, without its files: answers the copy's id. */
  async duplicateProduct(id: string): Promise<{ message: string; id: string }> {
    const r = await call('duplicateProduct', { params: { id } });
    return { message: r.message, id: r.id };
  },

  /** What Update Prices would do (it changes nothing): the rate, the counts and a few examples. */
  async repricePreview(): Promise<RepricePreviewData> {
    const r = await call('repricePreview');
    return { egpPerUsd: r.egpPerUsd, products: r.products, kept: r.kept, examples: r.examples };
  },

  /** The bulk EGP reprice: every product's EGP price from its USD price and the exchange rate. */
  async updatePrices(): Promise<{ message: string; updated: number; egpPerUsd: string }> {
    const r = await call('reprice');
    return { message: r.message, updated: r.updated, egpPerUsd: r.egpPerUsd };
  },
};

export type AdminApi = typeof adminApi;
