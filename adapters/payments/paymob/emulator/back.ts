import type { Context } from 'koa';
import { PaymobTransaction } from '../wire';
import { redirectQuery } from './callbacks';
import { EmulatorContext } from './context';
import { HeldIntention } from './ledger';
import { backToStore, notice } from './pages';

export const html = (ctx: Context, status: number, body: string): void => {
  ctx.status = status;
  ctx.type = 'text/html';
  ctx.body = body;
};

/** After a payment on one of its pages, the buyer goes back to the store with the signed fields. */
export const backFrom = (ctx: Context, context: EmulatorContext, held: HeldIntention, t: PaymobTransaction): void => {
  const url = context.responseUrl(held.redirectionUrl);
  if (!url) return html(ctx, 200, notice(t.success ? 'Payment approved' : 'Payment declined', 'You can close this page.'));
  const query = new URLSearchParams(redirectQuery(context.account.hmacSecret, t));
  html(ctx, 200, backToStore(`${url}${url.includes('?') ? '&' : '?'}${query}`, t.success, t.amount_cents));
};
