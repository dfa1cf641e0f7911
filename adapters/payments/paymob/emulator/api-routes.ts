import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { IntentionItem } from '../wire';
import { Body, bodyOf, EmulatorContext, isCents } from './context';
import { HeldIntention } from './ledger';
import { intentionProblems, NO_INTEGRATION } from './validate';

const WALLETLESS = /0000$/;

const answer = (ctx: Context, status: number, body: unknown) => {
  ctx.status = status;
  ctx.body = body;
};

const intentionAnswer = (held: HeldIntention, context: EmulatorContext, billing: unknown) => ({
  id: held.id,
  client_secret: held.clientSecret,
  intention_order_id: held.order.id,
  payment_keys: held.keys.map((key) => ({ integration: context.ledger.keys.get(key)?.integration, key, gateway_type: 'MIGS', iframe_id: null })),
  intention_detail: { amount: held.order.amount_cents, items: held.order.items, currency: held.order.currency, billing_data: billing },
  payment_methods: held.integrations.map((id) => ({ integration_id: id, name: context.methodOf(id), method_type: context.methodOf(id), currency: 'EGP', live: false })),
  special_reference: held.order.merchant_order_id,
  extras: { creation_extras: held.extras },
  status: 'intended',
  created: new Date(context.now()).toISOString(),
  confirmed: false,
  object: 'paymentintention',
});

/**
 * Paymob's API as the adapter calls it: auth tokens, intentions (secret key), payments/pay for
 * wallets and kiosk references (the payment key is the authority), the transaction inquiry and
 * reads, and refunds (auth token). Same paths, shapes and statuses.
 */
export const apiRoutes = (router: Router, context: EmulatorContext, issueToken: (token: string) => void): void => {
  const { ledger, account, body, api, authenticated } = context;

  router.post('/api/auth/tokens', body, api('/api/auth/tokens'), (ctx) => {
    if (bodyOf(ctx).api_key !== account.apiKey) return answer(ctx, 403, { detail: 'incorrect credentials' });
    const token = randomBytes(24).toString('base64url');
    issueToken(token);
    answer(ctx, 201, { token, profile: { id: 1, user: { username: 'store' } } });
  });

  const createIntention = (ctx: Context) => {
    const secret = /^Token (.+)$/.exec(ctx.get('authorization'))?.[1];
    if (!secret) return answer(ctx, 401, { detail: 'Authentication credentials were not provided.' });
    if (secret !== account.secretKey) return answer(ctx, 401, { detail: 'Invalid token.' });
    const request = bodyOf(ctx);
    const problems = intentionProblems(request, (reference) => ledger.byReferenceOf(reference) !== undefined);
    if (problems) return answer(ctx, 400, problems);
    const integrations = request.payment_methods as number[];
    if (integrations.some((id) => context.methodOf(id) === undefined)) return answer(ctx, 404, { detail: NO_INTEGRATION });
    const seconds = isCents(request.expiration) && request.expiration > 0 ? request.expiration : 3600;
    const held = ledger.create({
      amountCents: request.amount as number,
      specialReference: typeof request.special_reference === 'string' ? request.special_reference : randomBytes(8).toString('hex'),
      items: request.items as IntentionItem[],
      integrations,
      expiresAt: context.now() + seconds * 1000,
      ...(typeof request.notification_url === 'string' ? { notificationUrl: request.notification_url } : {}),
      ...(typeof request.redirection_url === 'string' ? { redirectionUrl: request.redirection_url } : {}),
      extras: Object.fromEntries(Object.entries((request.extras ?? {}) as Body).map(([k, v]) => [k, String(v)])),
    });
    answer(ctx, 201, intentionAnswer(held, context, request.billing_data));
  };
  router.post('/v1/intention/', body, api('/v1/intention/'), createIntention);
  router.post('/v1/intention', body, api('/v1/intention/'), createIntention);

  router.post('/api/acceptance/payments/pay', body, api('/api/acceptance/payments/pay'), (ctx) => {
    const request = bodyOf(ctx);
    const source = (request.source ?? {}) as Body;
    const key = ledger.keys.get(String(request.payment_token ?? ''));
    const held = key && ledger.get(key.intentionId);
    if (!key || !held || held.expiresAt < context.now()) return answer(ctx, 400, { payment_token: ['Invalid or expired payment token.'] });
    if (ledger.isPaid(held)) return answer(ctx, 400, { detail: 'This order is already paid.' });
    const method = context.methodOf(key.integration);

    if (source.subtype === 'WALLET') {
      if (method !== 'wallet') return answer(ctx, 400, { source: { subtype: ['This payment key is not for a wallet integration.'] } });
      const phone = String(source.identifier ?? '');
      if (!/^01[0125]\d{8}$/.test(phone)) return answer(ctx, 400, { source: { identifier: ['Enter a valid Egyptian mobile number.'] } });
      const pending = !WALLETLESS.test(phone);
      const t = ledger.record(held, {
        success: false,
        pending,
        integration_id: key.integration,
        source_data: { type: 'wallet', sub_type: 'WALLET', pan: phone },
        data: pending ? { message: 'Pending', txn_response_code: 'PENDING' } : { message: 'Wallet Not Found', txn_response_code: 'DECLINED' },
      });
      // Paymob finds no wallet on that number: no approval page, the attempt fails at once.
      if (!pending) return answer(ctx, 200, { ...t, redirect_url: '', iframe_redirection_url: null });
      const approval = ledger.newApproval(held, t.id, phone);
      return answer(ctx, 200, { ...t, redirect_url: `${context.prefix}/wallet/${approval.token}`, iframe_redirection_url: null });
    }

    if (source.subtype === 'AGGREGATOR' && source.identifier === 'AGGREGATOR') {
      if (method !== 'kiosk') return answer(ctx, 400, { source: { subtype: ['This payment key is not for a kiosk integration.'] } });
      const t = ledger.record(held, {
        success: false,
        pending: true,
        integration_id: key.integration,
        source_data: { type: 'aggregator', sub_type: 'AGGREGATOR', pan: '' },
        data: { message: 'Pending', txn_response_code: 'PENDING' },
      });
      const bill = ledger.newBill(held, t.id);
      return answer(ctx, 200, ledger.update(held, t.id, { data: { ...t.data, bill_reference: bill.reference } }));
    }
    answer(ctx, 400, { source: { subtype: ['Unknown payment source.'] } });
  });

  router.post('/api/ecommerce/orders/transaction_inquiry', body, api('/api/ecommerce/orders/transaction_inquiry'), authenticated, (ctx) => {
    const request = bodyOf(ctx);
    const held = request.order_id !== undefined ? ledger.byOrderOf(Number(request.order_id)) : ledger.byReferenceOf(String(request.merchant_order_id ?? ''));
    const t = held && ledger.latestPayment(held);
    if (!t) return answer(ctx, 404, { detail: 'Not found.' });
    answer(ctx, 200, t);
  });

  router.get('/api/acceptance/transactions/:id', api('/api/acceptance/transactions'), authenticated, (ctx) => {
    const found = /^\d+$/.test(ctx.params.id ?? '') ? ledger.transaction(Number(ctx.params.id)) : undefined;
    if (!found) return answer(ctx, 404, { detail: 'Not found.' });
    answer(ctx, 200, found.transaction);
  });

  router.post('/api/acceptance/void_refund/refund', body, api('/api/acceptance/void_refund/refund'), authenticated, (ctx) => {
    const request = bodyOf(ctx);
    if (!isCents(request.amount_cents) || request.amount_cents === 0) return answer(ctx, 400, { amount_cents: ['A valid positive integer is required.'] });
    const found = typeof request.transaction_id === 'number' ? ledger.transaction(request.transaction_id) : undefined;
    if (!found) return answer(ctx, 404, { detail: 'Not found.' });
    const { held, transaction: t } = found;
    if (t.has_parent_transaction) return answer(ctx, 400, { message: 'Only a payment can be refunded.' });
    if (context.methodOf(t.integration_id) === 'kiosk' || t.source_data.type === 'aggregator')
      return answer(ctx, 400, { message: 'Kiosk payments cannot be refunded.' });
    if (!t.success || t.pending || t.is_voided) return answer(ctx, 400, { message: 'Transaction is not refundable.' });
    const left = t.amount_cents - t.refunded_amount_cents;
    if (request.amount_cents > left) return answer(ctx, 400, { message: `Refund amount exceeds the refundable amount (${left}).` });
    const refund = ledger.record(held, {
      success: true,
      pending: false,
      amount_cents: request.amount_cents,
      integration_id: t.integration_id,
      has_parent_transaction: true,
      parent_transaction: t.id,
      is_refund: true,
      source_data: t.source_data,
      data: { message: 'Approved', txn_response_code: 'APPROVED' },
    });
    const parent = ledger.update(held, t.id, { is_refunded: true, refunded_amount_cents: t.refunded_amount_cents + request.amount_cents });
    // Paymob tells the store with the payment itself, now marked refunded (PROVIDERS.md).
    if (parent) context.deliveries.send(held, parent);
    answer(ctx, 200, refund);
  });
};
