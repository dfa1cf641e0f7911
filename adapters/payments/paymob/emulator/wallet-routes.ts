import { timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { bodyOf, EmulatorContext } from './context';
import { backFrom } from './back';
import { notice, walletPage } from './pages';
import { speechOf } from './words';

const sameCode = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * The wallet's approval page, where payments/pay sent the buyer: the right OTP pays, a wrong one
 * declines (the buyer starts again with a new approval, as with a real wallet).
 */
export const walletRoutes = (router: Router, context: EmulatorContext): void => {
  const { ledger, body } = context;

  const approvalOf = (ctx: Context) => {
    const approval = ledger.approvals.get(ctx.params.token ?? '');
    const held = approval && ledger.get(approval.intentionId);
    const t = approval && held?.payments.find((p) => p.id === approval.transactionId);
    ctx.type = 'text/html';
    const speech = speechOf(ctx);
    if (!approval || !held || !t) {
      ctx.status = 404;
      ctx.body = notice(speech, 'approvalNotFound');
    } else if (!t.pending) {
      ctx.status = 200;
      ctx.body = notice(speech, t.success ? 'walletApproved' : 'walletDeclined');
    } else if (held.expiresAt < context.now()) {
      ctx.status = 403;
      ctx.body = notice(speech, 'approvalExpired');
    } else return { approval, held, t };
    return undefined;
  };

  router.get('/wallet/:token', (ctx) => {
    const found = approvalOf(ctx);
    if (found) ctx.body = walletPage(speechOf(ctx), found.held.order, found.approval.phone, found.approval.otp);
  });

  router.post('/wallet/:token', body, (ctx) => {
    const found = approvalOf(ctx);
    if (!found) return;
    const otp = bodyOf(ctx).otp;
    if (typeof otp !== 'string' || !/^\d{6}$/.test(otp.trim())) {
      ctx.status = 400;
      ctx.body = walletPage(speechOf(ctx), found.held.order, found.approval.phone, found.approval.otp, true);
      return;
    }
    const approved = sameCode(otp.trim(), found.approval.otp);
    const t = ledger.update(found.held, found.t.id, {
      success: approved,
      pending: false,
      data: approved ? { message: 'Approved', txn_response_code: 'APPROVED' } : { message: 'Wrong OTP', txn_response_code: 'DECLINED' },
    });
    if (!t) return;
    context.deliveries.send(found.held, t);
    backFrom(ctx, context, found.held, t);
  });
};
