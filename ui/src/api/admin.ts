/**
 * The admin's calls (spec section 7 'Admin'), apart from the rest of the client so that they load
 * with the admin screens, never with the home page.
 */
import type { AdminOrder, CustomerWithOrders, EditableProductData } from '../../../api/admin';
import { call } from './client';

export type { AdminOrder, CustomerWithOrders, EditableProductData } from '../../../api/admin';

export interface CustomerOrdersPage {
  usersOrders: CustomerWithOrders[];
  page: number;
  totalPages: number;
  total: number;
}

export const adminApi = {
  /** A page of every customer's orders, newest first, grouped by account. */
  async customerOrders(page: number, limit: number): Promise<CustomerOrdersPage> {
    const r = await call('customerOrders', { query: { page, limit } });
    return { usersOrders: r.usersOrders, page: r.page, totalPages: r.totalPages, total: r.total };
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

  /** The bulk EGP reprice: every product's EGP price from its USD price and the exchange rate. */
  async updatePrices(): Promise<{ message: string; updated: number; egpPerUsd: string }> {
    const r = await call('reprice');
    return { message: r.message, updated: r.updated, egpPerUsd: r.egpPerUsd };
  },
};

export type AdminApi = typeof adminApi;
