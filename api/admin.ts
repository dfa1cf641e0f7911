import { z } from 'zod';
import { AUDIT_ACTIONS } from '../core/audit/domain/audit';
import { ORDER_STATUSES } from '../core/ordering/domain/order';
import { publicProduct } from './catalog';
import { answer, countedPage } from './envelope';
import { textField, wholeNumber } from './fields';

/** ?page=&limit= of Customer Orders and the audit log. */
export const adminPageQuery = z.object({ page: wholeNumber('page').default(1), limit: wholeNumber('limit').default(20) }).strict();

/**
 * The admin's calls (spec section 7 'Admin', DECISIONS 3, 9-11): Customer Orders, the Product
 * Management Suite and the audit log. Every one answers 401 signed out and 403 for a non-admin.
 */

export const PRODUCT_ADDED = 'Product added successfully!';
export const PRODUCT_UPDATED = 'Product updated successfully!';
export const PRODUCT_DELETED = 'Product deleted successfully';
export const PRODUCT_ALREADY_DELETED = 'The product was already deleted';
export const PRODUCT_RECREATED = 'Product is recreated successfully';
export const PRICES_UPDATED = 'updated successfully';
export const ORDER_DELIVERED = 'The order is marked as delivered';

/** An order as Customer Orders shows it: its buyer, state, and what was sold at what price. */
export const adminOrder = z
  .object({
    _id: z.string(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    delivered: z.boolean(),
    createdAt: z.string(),
    /** The name and address given at checkout (where the confirmation went). */
    buyerName: z.string(),
    userEmail: z.string(),
    total: z.number(),
    currency: z.enum(['USD', 'EGP']),
    /** Given back so far; the provider and its method ('paymob', 'kiosk'). */
    refunded: z.number(),
    provider: z.string(),
    method: z.string(),
    products: z.array(z.object({ _id: z.string(), title: z.string(), price: z.number(), refunded: z.boolean().optional() }).strict()),
    /** The buyer's receipt of a transfer: the admin-only address of its image, and when it came. */
    receipt: z.object({ url: z.string(), uploadedAt: z.string() }).strict().optional(),
  })
  .strict();
export type AdminOrder = z.infer<typeof adminOrder>;

/** One account and its orders on this page. */
export const customerWithOrders = z.object({ username: z.string(), email: z.string(), orders: z.array(adminOrder) }).strict();
export type CustomerWithOrders = z.infer<typeof customerWithOrders>;

/**
 * GET /api/allusers/ordersdata?page=&limit= : a page of every customer's orders, newest first,
 * grouped by account in the order each account's newest order on the page appears.
 */
export const customerOrdersAnswer = answer({ usersOrders: z.array(customerWithOrders), ...countedPage });

/** POST /api/admin/orders/:orderId/refund: chosen products, or every one still owned when none are named. */
export const refundRequest = z
  .object({ productIds: z.array(textField('productId', { max: 100, tooLong: 'A product to refund is not in this order' })).min(1).max(100).optional() })
  .strict();
export const ORDER_REFUNDED = 'The order is refunded';
export const ORDER_PARTLY_REFUNDED = 'The chosen products are refunded';
export const refundAnswer = answer({ message: z.string(), order: z.object({ status: z.enum(ORDER_STATUSES), refunded: z.number() }).strict() });

/** POST /api/admin/orders/:orderId/approve-transfer and reject-transfer (with the reason the buyer is e-mailed). */
export const TRANSFER_APPROVED = 'The transfer is approved: the order is paid';
export const TRANSFER_REJECTED = 'The transfer is rejected: the buyer is e-mailed the reason';
export const rejectTransferRequest = z.object({ reason: z.string({ error: 'Say why the transfer is rejected' }) }).strict();
export const transferDecisionAnswer = answer({ message: z.string(), order: z.object({ status: z.enum(ORDER_STATUSES) }).strict() });

/** PUT /api/allusers/update-delivery/:orderId (again on a delivered order: the same answer). */
export const deliveredAnswer = answer({ message: z.string(), delivered: z.literal(true) });

/** A product with every field the editor fills: the public product, its secrets, and whether it is deleted. */
export const editableProduct = publicProduct
  .extend({
    producturl: z.string(),
    downloadpass: z.string(),
    deleted: z.boolean(),
    /** The bulk reprice keeps its EGP price (issue 21). */
    keepEgpPrice: z.boolean(),
    /** Sent back with an update: a product saved since is not overwritten (409). */
    version: z.number(),
  })
  .strict();
export type EditableProductData = z.infer<typeof editableProduct>;

/** GET /api/backendproduct/getdetailsforrUpdate/:id : the only answer with a product's secrets. */
export const editableProductAnswer = answer({ data: editableProduct });

/** POST /api/backendproduct/addnew and updateTheDetails/:id (multipart). */
export const productSavedAnswer = answer({ message: z.string(), id: z.string() });

/** DELETE /api/backendproduct/remove/:id ; POST /api/backendproduct/recreateproduct/:id */
export const productChangedAnswer = answer({ message: z.string() });

/** POST /api/backendproduct/updateproductprices (DECISIONS 3 and 10). */
export const repricedAnswer = answer({ message: z.string(), updated: z.number(), egpPerUsd: z.string() });

const json: z.ZodType<unknown> = z.unknown();

export const auditEntry = z
  .object({
    at: z.string(),
    actorId: z.string(),
    actorName: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    subject: z.string().optional(),
    before: json.optional(),
    after: json.optional(),
    detail: z.record(z.string(), json).optional(),
  })
  .strict();
export type AuditEntryData = z.infer<typeof auditEntry>;

/** GET /api/admin/audit?page=&limit= : what admins did, newest first. */
export const auditAnswer = answer({ entries: z.array(auditEntry), page: z.number(), totalPages: z.number(), total: z.number() });
