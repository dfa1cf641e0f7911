import { Context } from 'koa';
import { AuditEntry } from '../../../core/audit/domain/audit';
import { AuditTrail } from '../../../core/audit/use-cases';
import { EditableProduct } from '../../../core/catalog/ports/product-editor';
import { ManageProducts } from '../../../core/catalog/use-cases/manage-products';
import { requireAdmin } from '../../../core/identity/domain/rights';
import { User } from '../../../core/identity/domain/user';
import { orderNumber } from '../../../core/ordering/domain/order';
import { CustomerOrder } from '../../../core/ordering/ports/orders';
import { CustomerOrders } from '../../../core/ordering/use-cases/customer-orders';
import { RefundOrder } from '../../../core/ordering/use-cases/refund-order';
import { PaymentsByHand } from '../../../core/ordering/use-cases/payments-by-hand';
import { PaymentReceipt } from '../../../core/ordering/ports/payment-receipts';
import { isDomainError } from '../../../core/shared/errors';
import { toDecimal } from '../../../core/shared/money';
import {
  AdminOrder,
  AuditEntryData,
  CustomerWithOrders,
  EditableProductData,
  ORDER_DELIVERED,
  ORDER_PARTLY_REFUNDED,
  ORDER_REFUNDED,
  PRICES_UPDATED,
  PRODUCT_ADDED,
  PRODUCT_ALREADY_DELETED,
  PRODUCT_DELETED,
  PRODUCT_RECREATED,
  PRODUCT_UPDATED,
  TRANSFER_APPROVED,
  TRANSFER_REJECTED,
  auditAnswer,
  deliveredAnswer,
  editableProductAnswer,
  productChangedAnswer,
  productSavedAnswer,
  refundAnswer,
  repricedAnswer,
  transferDecisionAnswer,
} from '../../../api/admin';
import { pathOf } from '../../../api/calls';
import { auditAdminsAnswer } from '../../../api/reports';
import { PRODUCT_DUPLICATED, ProductsTableRowData, duplicatedAnswer, productsTableAnswer, repricePreviewAnswer } from '../../../api/products-table';
import { ProductsTableRow } from '../../../core/catalog/ports/products-table';
import { BrowseProductsTable } from '../../../core/catalog/use-cases/products-table';
import { toPublicProduct } from '../../../api/catalog';
import { receiveForm } from '../multipart';
import { PRODUCT_FORM_LIMITS, ProductFormInput, productFormOf } from '../product-form';
import { refuse, respond } from '../respond';
import { On } from '../calls';
import { currentUser } from '../session';

export interface AdminUseCases {
  readonly customerOrders: CustomerOrders;
  readonly refundOrder: RefundOrder;
  readonly paymentsByHand: PaymentsByHand;
  readonly manageProducts: ManageProducts;
  readonly productsTable: BrowseProductsTable;
  readonly auditTrail: AuditTrail;
}


export const toAdminOrder = (order: CustomerOrder, receipt?: PaymentReceipt): AdminOrder => ({
  _id: order.id,
  number: orderNumber(order.id),
  status: order.status,
  delivered: order.delivered,
  createdAt: order.createdAt,
  buyerName: order.buyerName,
  userEmail: order.buyerEmail,
  total: toDecimal(order.total),
  currency: order.currency,
  refunded: toDecimal(order.refunded),
  provider: order.method,
  method: order.paymentMethod,
  products: order.lines.map((line) => ({ _id: line.productId, title: line.title, price: toDecimal(line.price), ...(line.refunded ? { refunded: true } : {}) })),
  // The image is private: the admin reaches it through their own call, never a public address.
  ...(receipt ? { receipt: { url: `/api${pathOf('transferReceipt', { orderId: order.id })}`, uploadedAt: receipt.uploadedAt } } : {}),
});

const RECEIPT_TYPES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const;

/** A page of orders, newest first, grouped by account in the order each account first appears. */
export const byCustomer = (orders: readonly CustomerOrder[], receipts: readonly PaymentReceipt[] = []): CustomerWithOrders[] => {
  const groups = new Map<string, CustomerWithOrders>();
  const receiptOf = new Map(receipts.map((receipt) => [receipt.orderId, receipt]));
  for (const order of orders) {
    // A guest's orders are grouped by the address they were bought with.
    const key = order.userId ?? `guest:${order.buyerEmail}`;
    const group = groups.get(key) ?? { username: order.customer.username, email: order.customer.email, orders: [] };
    group.orders.push(toAdminOrder(order, receiptOf.get(order.id)));
    groups.set(key, group);
  }
  return [...groups.values()];
};

/** Every field the editor fills: the public product's, then the secrets and the deleted flag. */
export const toEditableProduct = (p: EditableProduct): EditableProductData => ({
  ...toPublicProduct(p),
  producturl: p.producturl,
  downloadpass: p.downloadpass,
  deleted: p.deleted,
  keepEgpPrice: p.keepEgpPrice,
  version: p.version,
});

const toTableRow = (row: ProductsTableRow): ProductsTableRowData => ({
  ...row,
  author: [...row.author],
  subcategory: [...row.subcategory],
  price: toDecimal(row.price),
  egpprice: toDecimal(row.egpprice),
});

const toAuditEntry = (entry: AuditEntry): AuditEntryData => ({
  at: entry.at,
  actorId: entry.actorId,
  actorName: entry.actorName,
  action: entry.action,
  ...(entry.subject === undefined ? {} : { subject: entry.subject }),
  ...(entry.before === undefined ? {} : { before: entry.before }),
  ...(entry.after === undefined ? {} : { after: entry.after }),
  ...(entry.detail === undefined ? {} : { detail: entry.detail }),
});

/**
 * The product form of an admin, or undefined when the call is already answered. The use case checks
 * the rights again; asking first here keeps anyone else from making the store read up to 200 MB of
 * uploads only to be refused.
 */
const productForm = async (ctx: Context): Promise<{ user: User; form: ProductFormInput } | undefined> => {
  const user = requireAdmin(await currentUser(ctx));
  if (isDomainError(user)) return void refuse(ctx, user);
  const received = await receiveForm(ctx, PRODUCT_FORM_LIMITS);
  if (isDomainError(received)) return void refuse(ctx, received);
  const form = productFormOf(received);
  if (isDomainError(form)) return void refuse(ctx, form);
  return { user, form };
};

/** The admin's calls (spec section 7 'Admin', DECISIONS 9-11): each use case refuses anyone but an admin. */
export const adminRoutes = (on: On, { customerOrders, refundOrder, paymentsByHand, manageProducts, productsTable, auditTrail }: AdminUseCases) => {
  // Customer Orders' list is routed with its filters in admin-orders.ts.

  on('deliver', async (ctx) => {
    await respond(ctx, customerOrders.markDelivered(await currentUser(ctx), ctx.params.orderId), deliveredAnswer, () => ({
      message: ORDER_DELIVERED,
      delivered: true as const,
    }));
  });

  on('refundOrder', async (ctx, { body }) => {
    await respond(ctx, refundOrder.refund(await currentUser(ctx), ctx.params.orderId, body.productIds), refundAnswer, ({ order }) => ({
      message: order.status === 'refunded' ? ORDER_REFUNDED : ORDER_PARTLY_REFUNDED,
      order: { status: order.status, refunded: toDecimal(order.refunded) },
    }));
  });

  on('approveTransfer', async (ctx) => {
    await respond(ctx, paymentsByHand.approve(await currentUser(ctx), ctx.params.orderId), transferDecisionAnswer, (order) => ({
      message: TRANSFER_APPROVED,
      order: { status: order.status },
    }));
  });

  on('rejectTransfer', async (ctx, { body }) => {
    await respond(ctx, paymentsByHand.reject(await currentUser(ctx), ctx.params.orderId, body.reason), transferDecisionAnswer, (order) => ({
      message: TRANSFER_REJECTED,
      order: { status: order.status },
    }));
  });

  // The receipt's image, for admins only: never cached by anyone else, never run as a page.
  on('transferReceipt', async (ctx) => {
    const receipt = await paymentsByHand.receiptOf(await currentUser(ctx), ctx.params.orderId)();
    if (receipt._tag === 'Left') return refuse(ctx, receipt.left);
    ctx.type = RECEIPT_TYPES[receipt.right.format];
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.body = Buffer.from(receipt.right.bytes);
  });

  on('editableProduct', async (ctx) => {
    await respond(ctx, manageProducts.forEditing(await currentUser(ctx), ctx.params.id), editableProductAnswer, (product) => {
      // The product's secrets: for this admin's screen only, never a shared cache.
      ctx.set('Cache-Control', 'no-store');
      return { data: toEditableProduct(product) };
    });
  });

  on('addProduct', async (ctx) => {
    const given = await productForm(ctx);
    if (given)
      await respond(ctx, manageProducts.create(given.user, given.form.draft, given.form.uploads), productSavedAnswer, (id) => {
        ctx.status = 201;
        return { message: PRODUCT_ADDED, id };
      });
  });

  on('updateProduct', async (ctx) => {
    const given = await productForm(ctx);
    if (given)
      await respond(ctx, manageProducts.update(given.user, ctx.params.id, given.form.draft, given.form.uploads, given.form.madeFrom), productSavedAnswer, (id) => ({
        message: PRODUCT_UPDATED,
        id,
      }));
  });

  on('removeProduct', async (ctx) => {
    await respond(ctx, manageProducts.remove(await currentUser(ctx), ctx.params.id), productChangedAnswer, (removed) => ({
      message: removed === 'removed' ? PRODUCT_DELETED : PRODUCT_ALREADY_DELETED,
    }));
  });

  on('recreateProduct', async (ctx) => {
    await respond(ctx, manageProducts.recreate(await currentUser(ctx), ctx.params.id), productChangedAnswer, () => ({ message: PRODUCT_RECREATED }));
  });

  on('productsTable', async (ctx, { query }) => {
    await respond(ctx, productsTable.page(await currentUser(ctx), query), productsTableAnswer, (p) => {
      ctx.set('Cache-Control', 'no-store');
      return { products: p.items.map(toTableRow), page: query.page ?? 1, totalPages: p.totalPages, total: p.total, ...(p.more ? { more: true } : {}) };
    });
  });

  on('duplicateProduct', async (ctx) => {
    await respond(ctx, manageProducts.duplicate(await currentUser(ctx), ctx.params.id), duplicatedAnswer, (id) => {
      ctx.status = 201;
      return { message: PRODUCT_DUPLICATED, id };
    });
  });

  on('repricePreview', async (ctx) => {
    await respond(ctx, manageProducts.previewReprice(await currentUser(ctx)), repricePreviewAnswer, (preview) => ({
      egpPerUsd: preview.rate.egpPerUsd,
      products: preview.products,
      kept: preview.kept,
      examples: preview.examples.map((e) => ({ _id: e._id, title: e.title, price: toDecimal(e.price), before: toDecimal(e.before), after: toDecimal(e.after) })),
    }));
  });

  on('reprice', async (ctx) => {
    await respond(ctx, manageProducts.repriceEgp(await currentUser(ctx)), repricedAnswer, ({ updated, rate }) => ({
      message: PRICES_UPDATED,
      updated,
      egpPerUsd: rate.egpPerUsd,
    }));
  });

  on('audit', async (ctx, { query: q }) => {
    const { page, limit, ...filter } = q;
    await respond(ctx, auditTrail.recent(await currentUser(ctx), page, limit, filter), auditAnswer, (p) => ({
      entries: p.items.map(toAuditEntry),
      page,
      totalPages: p.totalPages,
      total: p.total,
    }));
  });

  on('auditAdmins', async (ctx) => {
    await respond(ctx, auditTrail.actors(await currentUser(ctx)), auditAdminsAnswer, (actors) => ({ admins: actors.map((a) => ({ id: a.id, name: a.name })) }));
  });
};
