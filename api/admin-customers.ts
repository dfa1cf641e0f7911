import { z } from 'zod';
import { adminOrder } from './admin';
import { answer, countedPage } from './envelope';
import { wholeNumber } from './fields';

/** An amount in one currency, as a decimal: a customer's spending is one of these per currency, never a sum of both. */
const amount = z.object({ currency: z.enum(['USD', 'EGP']), amount: z.number() }).strict();

/** A customer as the back office lists them (issue 21): `key` names their page (an account id, or a guest's address). */
export const customerData = z
  .object({
    key: z.string(),
    kind: z.enum(['account', 'guest']),
    name: z.string(),
    email: z.string(),
    orders: z.number(),
    spent: z.array(amount),
    lastOrderAt: z.string().optional(),
  })
  .strict();
export type CustomerData = z.infer<typeof customerData>;

/** GET /api/admin/customers?q=&page=&limit= */
export const customersQuery = z
  .object({
    q: z.string({ error: 'q must be text' }).max(200, 'q is too long').optional(),
    page: wholeNumber('page').default(1),
    limit: wholeNumber('limit').default(20),
  })
  .strict();
export const customersAnswer = answer({ customers: z.array(customerData), ...countedPage });

/** GET /api/admin/customers/:customer: the customer, their orders newest first, their newest downloads. */
export const customerAnswer = answer({
  customer: customerData,
  orders: z.array(adminOrder),
  downloads: z.array(
    z.object({ orderId: z.string(), productId: z.string(), title: z.string(), at: z.string(), purpose: z.enum(['download', 'read', 'link']) }).strict(),
  ),
});
export type CustomerPageData = z.infer<typeof customerAnswer>;

/** POST /api/admin/orders/:orderId/resend-confirmation and /api/admin/customers/:customer/resend-library-link. */
export const resentAnswer = answer({ message: z.string() });
