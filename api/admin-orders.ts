import { z } from 'zod';
import { TIMELINE_KINDS } from '../core/ordering/domain/order-timeline';
import { answer } from './envelope';
import { adminOrder } from './admin';
import { wholeNumber } from './fields';

/**
 * The filters of Customer Orders (issue 21): optional fields beside the spec's ?page=&limit=, on
 * GET /api/allusers/ordersdata (its answer keeps its shape) and on the CSV export. The edge checks
 * they are short text; the core (order-filter.ts) decides what each means and says why it refuses.
 */
const filterText = (name: string, max: number) => z.string({ error: `${name} must be text` }).max(max, `${name} is too long`).optional();

export const orderFilterFields = {
  q: filterText('q', 200),
  status: filterText('status', 40),
  provider: filterText('provider', 40),
  method: filterText('method', 40),
  currency: filterText('currency', 10),
  from: filterText('from', 40),
  to: filterText('to', 40),
};

export const ordersQuery = z.object({ page: wholeNumber('page').default(1), limit: wholeNumber('limit').default(20), ...orderFilterFields }).strict();

/** GET /api/admin/orders/export?q=&status=...: text/csv, streamed; only failures answer JSON. */
export const exportOrdersQuery = z.object(orderFilterFields).strict();


/** GET /api/admin/orders/:orderId/timeline: the order as Customer Orders shows it, and its life oldest first. */
export const orderTimelineAnswer = answer({
  order: adminOrder,
  events: z.array(
    z
      .object({
        at: z.string(),
        kind: z.enum(TIMELINE_KINDS),
        productId: z.string().optional(),
        /** In the order's currency, as a decimal. */
        amount: z.number().optional(),
        detail: z.string().optional(),
      })
      .strict(),
  ),
});
export type OrderTimelineData = z.infer<typeof orderTimelineAnswer>;
