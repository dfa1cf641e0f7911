import Router from '@koa/router';
import type { Context } from 'koa';
import { backFrom, html } from './back';
import { bodyOf, EmulatorContext } from './context';
import { HeldIntention } from './ledger';
import { KioskPayment } from './options';
import { cardPage, instalmentsPage, kioskPage, notice } from './pages';
import { speechOf } from './words';

const CARD = { pan: '2346', sub_type: 'MasterCard', type: 'card' } as const;
const KIOSK_PAGE_ROWS = 50;

/** Marks a kiosk reference paid, as a kiosk would at any time before it expires. */
export const payKiosk = (context: EmulatorContext, reference: string): KioskPayment => {
  const bill = /^\d{1,18}$/.test(reference) ? context.ledger.bills.get(Number(reference)) : undefined;
  const held = bill && context.ledger.get(bill.intentionId);
  if (!bill || !held) return 'unknown';
  context.ledger.expireDue(held);
  const t = held.payments.find((p) => p.id === bill.transactionId);
  if (!t) return 'unknown';
  if (!t.pending) return t.success ? 'paid already' : 'expired';
  const paid = context.ledger.update(held, t.id, { success: true, pending: false, data: { ...t.data, message: 'Approved', txn_response_code: 'APPROVED' } });
  if (paid) context.deliveries.send(held, paid);
  return 'paid';
};

const KIOSK_SAYS: Record<KioskPayment, string> = {
  paid: 'Paid: the store has been told.',
  'paid already': 'That reference was paid already.',
  expired: 'That reference expired: the kiosk refuses it.',
  unknown: 'No such reference.',
};

/** The buyer's pages: Unified Checkout (card, instalments) and the test kiosk. */
export const pageRoutes = (router: Router, context: EmulatorContext): void => {
  const { ledger, account, body } = context;

  /** The checkout of an intention, by the public key and client secret in its address. */
  const checkout = (ctx: Context): { held: HeldIntention; card?: number; plans: number[] } | undefined => {
    const held = ledger.bySecretOf(String(ctx.query.clientSecret ?? ''));
    const speech = speechOf(ctx);
    if (ctx.query.publicKey !== account.publicKey) html(ctx, 404, notice(speech, 'pageNotFound'));
    else if (!held || held.expiresAt < context.now())
      html(ctx, 403, notice(speech, 'linkExpired'));
    else if (ledger.isPaid(held)) html(ctx, 200, notice(speech, 'alreadyPaid'));
    else {
      const card = held.integrations.find((id) => context.methodOf(id) === 'card');
      const plans = held.integrations.filter((id) => context.methodOf(id) === 'instalments');
      if (card !== undefined || plans.length) return { held, card, plans };
      html(ctx, 404, notice(speech, 'nothingToPay'));
    }
    return undefined;
  };

  const showCheckout = (ctx: Context) => {
    const found = checkout(ctx);
    if (found) html(ctx, 200, found.card !== undefined ? cardPage(speechOf(ctx), found.held.order) : instalmentsPage(speechOf(ctx), found.held.order, found.plans));
  };
  const payCheckout = (ctx: Context) => {
    const found = checkout(ctx);
    if (!found) return;
    const { choice, plan } = bodyOf(ctx);
    const integration = found.card ?? found.plans.find((id) => String(id) === String(plan));
    if ((choice !== 'pay' && choice !== 'decline') || integration === undefined)
      return html(ctx, 400, notice(speechOf(ctx), found.card !== undefined ? 'chooseCard' : 'choosePlan'));
    const approved = choice === 'pay';
    const t = ledger.record(found.held, {
      success: approved,
      pending: false,
      integration_id: integration,
      source_data: CARD,
      data: approved ? { message: 'Approved', txn_response_code: 'APPROVED' } : { message: 'Do not honour', txn_response_code: 'DECLINED' },
    });
    context.deliveries.send(found.held, t);
    backFrom(ctx, context, found.held, t);
  };
  for (const path of ['/unifiedcheckout/', '/unifiedcheckout']) {
    router.get(path, showCheckout);
    router.post(path, body, payCheckout);
  }

  router.get('/kiosk', (ctx) => {
    const rows = ledger.openBills(KIOSK_PAGE_ROWS).map(({ bill, held }) => ({ reference: bill.reference, amountCents: held.order.amount_cents, expiresAt: bill.expiresAt }));
    html(ctx, 200, kioskPage(rows, context.prefix));
  });
  router.post('/kiosk/:reference/pay', body, (ctx) => {
    const result = payKiosk(context, ctx.params.reference ?? '');
    const rows = ledger.openBills(KIOSK_PAGE_ROWS).map(({ bill, held }) => ({ reference: bill.reference, amountCents: held.order.amount_cents, expiresAt: bill.expiresAt }));
    html(ctx, result === 'paid' ? 200 : result === 'unknown' ? 404 : 409, kioskPage(rows, context.prefix, KIOSK_SAYS[result]));
  });
};
