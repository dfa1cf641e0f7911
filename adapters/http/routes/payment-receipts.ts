import { Context } from 'koa';
import { RECEIPT_RECEIVED, receiptAnswer } from '../../../api/ordering';
import { IMAGE_TOO_BIG, MAX_IMAGE_BYTES, shown } from '../../../core/catalog/domain/images';
import { NOT_SIGNED_IN } from '../../../core/identity/domain/user';
import { PaymentsByHand } from '../../../core/ordering/use-cases/payments-by-hand';
import { invalid, isDomainError, unauthorized } from '../../../core/shared/errors';
import { SignIn } from '../../../core/identity/use-cases/sign-in';
import { FormLimits, receiveForm } from '../multipart';
import { refuse, respond } from '../respond';
import { currentUser, sameOriginOnly, withSession } from '../session';
import { NoticeRoute } from './provider-notices';

export const RECEIPT_FIELD = 'receipt';
export const ONE_RECEIPT = 'Send one picture of the receipt';

/** One image under 'receipt', as large as a cover image may be, and no text worth the name. */
const RECEIPT_FORM: FormLimits = {
  fileFields: [RECEIPT_FIELD],
  maxFiles: 1,
  maxFileBytes: MAX_IMAGE_BYTES,
  maxFields: 5,
  maxFieldBytes: 4 * 1024,
  tooManyFiles: ONE_RECEIPT,
  tooLarge: IMAGE_TOO_BIG,
  fileTooBig: (name) => IMAGE_TOO_BIG + shown(name),
};

/**
 * The buyer's receipt of a payment made by hand, mounted by a provider under its own path
 * (/api/payments/<name>/...). Providers' routes come before the API's own middleware, so this one
 * makes the API's checks itself: same origin, then the session. It asks whether the buyer may send
 * one before reading the upload, so that nobody else makes the store read 10 MB to be refused; the
 * use case asks again, and checks the image.
 */
export const receiptRoute = (deps: { readonly publicUrl: string; readonly signIn: SignIn; readonly paymentsByHand: PaymentsByHand }): NoticeRoute => {
  const sameOrigin = sameOriginOnly(deps.publicUrl);
  const session = withSession(deps.signIn);
  const receive = async (ctx: Context) => {
    const user = await currentUser(ctx);
    if (!user) return refuse(ctx, unauthorized(NOT_SIGNED_IN));
    const orderId = (ctx as Context & { params?: Record<string, string> }).params?.orderId ?? '';
    const may = await deps.paymentsByHand.mayReceive(user, orderId)();
    if (may._tag === 'Left') return refuse(ctx, may.left);
    const form = await receiveForm(ctx, RECEIPT_FORM);
    if (isDomainError(form)) return refuse(ctx, form);
    const [file] = form.files;
    if (!file) return refuse(ctx, invalid(ONE_RECEIPT));
    await respond(ctx, deps.paymentsByHand.sendReceipt(user, orderId, { name: file.name, bytes: file.bytes }), receiptAnswer, (receipt) => {
      ctx.status = 201;
      return { message: RECEIPT_RECEIVED, uploadedAt: receipt.uploadedAt };
    });
  };
  return (ctx) => sameOrigin(ctx, () => session(ctx, () => receive(ctx)));
};
