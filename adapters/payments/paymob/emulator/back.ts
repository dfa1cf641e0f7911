import type { Context } from 'koa';
import { PaymobTransaction } from '../wire';
import { redirectQuery } from './callbacks';
import { EmulatorContext } from './context';
import { HeldIntention } from './ledger';
import { backToStore, notice } from './pages';
import { speechOf } from './words';

export const html = (ctx: Context, status: number, body: string): void => {
  ctx.status = status;
  ctx.type = 'text/html';
  ctx.body = body;
};

/** After a payment on one of its pages, the buyer goes back to the store with the signed fields. */
export const backFrom = (ctx: Context, context: EmulatorContext, held: HeldIntention, t: PaymobTransaction): void => {
  const url = context.responseUrl(held.redirectionUrl);
  const speech = speechOf(ctx);
  if (!url) return html(ctx, 200, notice(speech, t.success ? 'approvedClose' : 'declinedClose'));
  const query = new URLSearchParams(redirectQuery(context.account.hmacSecret, t));
  html(ctx, 200, backToStore(speech, `${url}${url.includes('?') ? '&' : '?'}${query}`, t.success, t.amount_cents));
};
