import { CustomerData, customerAnswer, customersAnswer, resentAnswer } from '../../../api/admin-customers';
import { CONFIRMATION_RESENT, CustomerSummary, LIBRARY_LINK_RESENT, customerKeyOf } from '../../../core/ordering/domain/customer';
import { Customers } from '../../../core/ordering/use-cases/customers';
import { toDecimal } from '../../../core/shared/money';
import { On } from '../calls';
import { respond } from '../respond';
import { currentUser } from '../session';
import { toAdminOrder } from './admin';

export interface AdminCustomerUseCases {
  readonly customers: Customers;
}

const toCustomer = (c: CustomerSummary): CustomerData => ({
  key: customerKeyOf(c.ref),
  kind: c.ref.kind,
  name: c.name,
  email: c.email,
  orders: c.orders,
  spent: c.spent.map((m) => ({ currency: m.currency, amount: toDecimal(m) })),
  ...(c.lastOrderAt ? { lastOrderAt: c.lastOrderAt } : {}),
});

/** The back office's customers (issue 21): admins only, checked in the Customers use case. */
export const adminCustomerRoutes = (on: On, { customers }: AdminCustomerUseCases) => {
  on('customers', async (ctx, { query: q }) => {
    await respond(ctx, customers.list(await currentUser(ctx), q.q, q.page, q.limit), customersAnswer, (p) => ({
      customers: p.items.map(toCustomer),
      page: q.page,
      totalPages: p.totalPages,
      total: p.total,
      ...(p.more ? { more: true } : {}),
    }));
  });

  on('customer', async (ctx) => {
    await respond(ctx, customers.customer(await currentUser(ctx), ctx.params.id), customerAnswer, (page) => ({
      customer: toCustomer(page.customer),
      orders: page.orders.map((order) => toAdminOrder({ ...order, customer: { username: page.customer.name, email: page.customer.email } })),
      downloads: page.downloads.map((d) => ({ ...d })),
    }));
  });

  on('resendConfirmation', async (ctx) => {
    await respond(ctx, customers.resendConfirmation(await currentUser(ctx), ctx.params.orderId), resentAnswer, () => ({ message: CONFIRMATION_RESENT }));
  });

  on('resendLibraryLink', async (ctx) => {
    await respond(ctx, customers.resendLibraryLink(await currentUser(ctx), ctx.params.id), resentAnswer, () => ({ message: LIBRARY_LINK_RESENT }));
  });
};
