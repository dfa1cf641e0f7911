import type { Context } from 'koa';
import { Language, SOURCE_LANGUAGE, directionOf, preferredLanguage } from '../../../../core/shared/language';

/**
 * What the emulator's buyer pages say, in the store's four languages (issue 20). Paymob sets its
 * hosted checkout's language in the merchant's dashboard; the emulator follows the browser's
 * Accept-Language instead, so a tester in Arabic pays on an Arabic page. The test kiosk is the
 * tester's tool, never a shopper's, and stays English.
 */
interface Notice {
  readonly title: string;
  readonly text: string;
}

export interface Words {
  /** How this page writes amounts (Intl): the emulator's own choice, as Paymob's pages make theirs. */
  readonly locale: string;
  readonly amountToPay: string;
  readonly items: string;
  readonly testNote: string;
  readonly card: { readonly title: string; readonly heading: string; readonly pay: string; readonly decline: string };
  readonly instalments: {
    readonly title: string;
    readonly heading: string;
    readonly choosePlan: string;
    readonly plan: (n: number, integration: number) => string;
    readonly pay: string;
    readonly decline: string;
  };
  readonly wallet: {
    readonly title: string;
    readonly heading: string;
    readonly wallet: string;
    /** The test wallet shows its one-time code, which a real wallet sends by SMS: `code` is its markup. */
    readonly otpNote: (code: string) => string;
    readonly wrongCode: string;
    readonly otpLabel: string;
    readonly confirm: string;
  };
  readonly back: { readonly title: string; readonly approved: (amount: string) => string; readonly declined: string; readonly returnToStore: string };
  readonly notices: {
    readonly pageNotFound: Notice;
    readonly linkExpired: Notice;
    readonly alreadyPaid: Notice;
    readonly nothingToPay: Notice;
    readonly chooseCard: Notice;
    readonly choosePlan: Notice;
    readonly approvedClose: Notice;
    readonly declinedClose: Notice;
    readonly approvalNotFound: Notice;
    readonly walletApproved: Notice;
    readonly walletDeclined: Notice;
    readonly approvalExpired: Notice;
  };
}
export type NoticeName = keyof Words['notices'];

const en: Words = {
  locale: 'en-US',
  amountToPay: 'Amount to pay:',
  items: 'Items',
  testNote: 'Test payment: no money moves and no card is needed.',
  card: { title: 'Pay by card (test)', heading: 'Pay by card', pay: 'Pay (test card)', decline: 'Decline (test card)' },
  instalments: {
    title: 'Pay in instalments (test)',
    heading: 'Pay in instalments',
    choosePlan: 'Choose a plan',
    plan: (n, integration) => `Plan ${n} (integration ${integration})`,
    pay: 'Pay in instalments (test)',
    decline: 'Decline (test)',
  },
  wallet: {
    title: 'Approve the wallet payment (test)',
    heading: 'Approve the wallet payment',
    wallet: 'Wallet:',
    otpNote: (code) => `Test wallet: the code a real wallet would send by SMS is ${code}. No money moves.`,
    wrongCode: 'That code is wrong.',
    otpLabel: 'Verification code (OTP)',
    confirm: 'Confirm payment',
  },
  back: { title: 'Returning to the store', approved: (amount) => `Payment of ${amount} approved`, declined: 'Payment declined', returnToStore: 'Return to the store' },
  notices: {
    pageNotFound: { title: 'Payment page not found', text: 'This checkout does not exist.' },
    linkExpired: { title: 'Payment link expired', text: 'This payment link is no longer valid. Go back to the store and start the payment again.' },
    alreadyPaid: { title: 'Order already paid', text: 'This order is already paid; nothing more is charged.' },
    nothingToPay: { title: 'Nothing to pay here', text: 'This payment is made from the store: a wallet or a kiosk reference.' },
    chooseCard: { title: 'Choose an action', text: 'Choose Pay or Decline.' },
    choosePlan: { title: 'Choose an action', text: 'Choose a plan, then Pay or Decline.' },
    approvedClose: { title: 'Payment approved', text: 'You can close this page.' },
    declinedClose: { title: 'Payment declined', text: 'You can close this page.' },
    approvalNotFound: { title: 'Approval page not found', text: 'This wallet approval does not exist.' },
    walletApproved: { title: 'Payment approved', text: 'This wallet payment is approved.' },
    walletDeclined: { title: 'Payment declined', text: 'This wallet payment was declined.' },
    approvalExpired: { title: 'Payment link expired', text: 'This approval is no longer valid. Go back to the store and start the payment again.' },
  },
};

const ar: Words = {
  locale: 'ar-EG-u-nu-latn',
  amountToPay: 'المبلغ المطلوب:',
  items: 'المنتجات',
  testNote: 'دفع تجريبي: لن تُخصم أي أموال ولا حاجة إلى بطاقة.',
  card: { title: 'الدفع بالبطاقة (تجريبي)', heading: 'الدفع بالبطاقة', pay: 'ادفع (بطاقة تجريبية)', decline: 'ارفض (بطاقة تجريبية)' },
  instalments: {
    title: 'الدفع بالتقسيط (تجريبي)',
    heading: 'الدفع بالتقسيط',
    choosePlan: 'اختر خطة التقسيط',
    plan: (n, integration) => `الخطة ${n} (رقم التكامل ${integration})`,
    pay: 'ادفع بالتقسيط (تجريبي)',
    decline: 'ارفض (تجريبي)',
  },
  wallet: {
    title: 'تأكيد الدفع بالمحفظة (تجريبي)',
    heading: 'تأكيد الدفع بالمحفظة',
    wallet: 'المحفظة:',
    otpNote: (code) => `محفظة تجريبية: الرمز الذي كانت المحفظة الحقيقية سترسله في رسالة نصية هو ${code}. لن تُخصم أي أموال.`,
    wrongCode: 'هذا الرمز غير صحيح.',
    otpLabel: 'رمز التحقق (OTP)',
    confirm: 'تأكيد الدفع',
  },
  back: { title: 'جارٍ العودة إلى المتجر', approved: (amount) => `تمت الموافقة على دفع ${amount}`, declined: 'تم رفض الدفع', returnToStore: 'العودة إلى المتجر' },
  notices: {
    pageNotFound: { title: 'صفحة الدفع غير موجودة', text: 'عملية الدفع هذه غير موجودة.' },
    linkExpired: { title: 'انتهت صلاحية رابط الدفع', text: 'رابط الدفع هذا لم يعد صالحًا. ارجع إلى المتجر وابدأ الدفع من جديد.' },
    alreadyPaid: { title: 'الطلب مدفوع بالفعل', text: 'تم دفع هذا الطلب بالفعل، ولن يُخصم أي مبلغ إضافي.' },
    nothingToPay: { title: 'لا يوجد ما يُدفع هنا', text: 'يتم هذا الدفع من المتجر: بالمحفظة أو برقم مرجعي في منفذ الدفع.' },
    chooseCard: { title: 'اختر إجراءً', text: 'اختر الدفع أو الرفض.' },
    choosePlan: { title: 'اختر إجراءً', text: 'اختر خطة، ثم الدفع أو الرفض.' },
    approvedClose: { title: 'تمت الموافقة على الدفع', text: 'يمكنك إغلاق هذه الصفحة.' },
    declinedClose: { title: 'تم رفض الدفع', text: 'يمكنك إغلاق هذه الصفحة.' },
    approvalNotFound: { title: 'صفحة التأكيد غير موجودة', text: 'طلب تأكيد الدفع بالمحفظة هذا غير موجود.' },
    walletApproved: { title: 'تمت الموافقة على الدفع', text: 'تمت الموافقة على الدفع بالمحفظة.' },
    walletDeclined: { title: 'تم رفض الدفع', text: 'تم رفض الدفع بالمحفظة.' },
    approvalExpired: { title: 'انتهت صلاحية رابط الدفع', text: 'طلب التأكيد هذا لم يعد صالحًا. ارجع إلى المتجر وابدأ الدفع من جديد.' },
  },
};

const pt: Words = {
  locale: 'pt-BR',
  amountToPay: 'Valor a pagar:',
  items: 'Itens',
  testNote: 'Pagamento de teste: nenhum dinheiro é movimentado e nenhum cartão é necessário.',
  card: { title: 'Pagar com cartão (teste)', heading: 'Pagar com cartão', pay: 'Pagar (cartão de teste)', decline: 'Recusar (cartão de teste)' },
  instalments: {
    title: 'Pagar parcelado (teste)',
    heading: 'Pagar parcelado',
    choosePlan: 'Escolha um plano',
    plan: (n, integration) => `Plano ${n} (integração ${integration})`,
    pay: 'Pagar parcelado (teste)',
    decline: 'Recusar (teste)',
  },
  wallet: {
    title: 'Aprovar o pagamento pela carteira (teste)',
    heading: 'Aprovar o pagamento pela carteira',
    wallet: 'Carteira:',
    otpNote: (code) => `Carteira de teste: o código que uma carteira real enviaria por SMS é ${code}. Nenhum dinheiro é movimentado.`,
    wrongCode: 'Esse código está errado.',
    otpLabel: 'Código de verificação (OTP)',
    confirm: 'Confirmar pagamento',
  },
  back: { title: 'Voltando à loja', approved: (amount) => `Pagamento de ${amount} aprovado`, declined: 'Pagamento recusado', returnToStore: 'Voltar à loja' },
  notices: {
    pageNotFound: { title: 'Página de pagamento não encontrada', text: 'Este pagamento não existe.' },
    linkExpired: { title: 'Link de pagamento expirado', text: 'Este link de pagamento não é mais válido. Volte à loja e comece o pagamento de novo.' },
    alreadyPaid: { title: 'Pedido já pago', text: 'Este pedido já foi pago; nada mais é cobrado.' },
    nothingToPay: { title: 'Nada a pagar aqui', text: 'Este pagamento é feito pela loja: uma carteira ou uma referência de quiosque.' },
    chooseCard: { title: 'Escolha uma ação', text: 'Escolha Pagar ou Recusar.' },
    choosePlan: { title: 'Escolha uma ação', text: 'Escolha um plano e depois Pagar ou Recusar.' },
    approvedClose: { title: 'Pagamento aprovado', text: 'Você pode fechar esta página.' },
    declinedClose: { title: 'Pagamento recusado', text: 'Você pode fechar esta página.' },
    approvalNotFound: { title: 'Página de aprovação não encontrada', text: 'Esta aprovação da carteira não existe.' },
    walletApproved: { title: 'Pagamento aprovado', text: 'Este pagamento pela carteira foi aprovado.' },
    walletDeclined: { title: 'Pagamento recusado', text: 'Este pagamento pela carteira foi recusado.' },
    approvalExpired: { title: 'Link de pagamento expirado', text: 'Esta aprovação não é mais válida. Volte à loja e comece o pagamento de novo.' },
  },
};

const es: Words = {
  locale: 'es',
  amountToPay: 'Importe a pagar:',
  items: 'Artículos',
  testNote: 'Pago de prueba: no se mueve dinero y no hace falta tarjeta.',
  card: { title: 'Pagar con tarjeta (prueba)', heading: 'Pagar con tarjeta', pay: 'Pagar (tarjeta de prueba)', decline: 'Rechazar (tarjeta de prueba)' },
  instalments: {
    title: 'Pagar a plazos (prueba)',
    heading: 'Pagar a plazos',
    choosePlan: 'Elija un plan',
    plan: (n, integration) => `Plan ${n} (integración ${integration})`,
    pay: 'Pagar a plazos (prueba)',
    decline: 'Rechazar (prueba)',
  },
  wallet: {
    title: 'Aprobar el pago con billetera (prueba)',
    heading: 'Aprobar el pago con billetera',
    wallet: 'Billetera:',
    otpNote: (code) => `Billetera de prueba: el código que una billetera real enviaría por SMS es ${code}. No se mueve dinero.`,
    wrongCode: 'Ese código es incorrecto.',
    otpLabel: 'Código de verificación (OTP)',
    confirm: 'Confirmar pago',
  },
  back: { title: 'Volviendo a la tienda', approved: (amount) => `Pago de ${amount} aprobado`, declined: 'Pago rechazado', returnToStore: 'Volver a la tienda' },
  notices: {
    pageNotFound: { title: 'Página de pago no encontrada', text: 'Este pago no existe.' },
    linkExpired: { title: 'Enlace de pago caducado', text: 'Este enlace de pago ya no es válido. Vuelva a la tienda e inicie el pago de nuevo.' },
    alreadyPaid: { title: 'Pedido ya pagado', text: 'Este pedido ya está pagado; no se cobra nada más.' },
    nothingToPay: { title: 'Nada que pagar aquí', text: 'Este pago se hace desde la tienda: con una billetera o una referencia de quiosco.' },
    chooseCard: { title: 'Elija una acción', text: 'Elija Pagar o Rechazar.' },
    choosePlan: { title: 'Elija una acción', text: 'Elija un plan y luego Pagar o Rechazar.' },
    approvedClose: { title: 'Pago aprobado', text: 'Puede cerrar esta página.' },
    declinedClose: { title: 'Pago rechazado', text: 'Puede cerrar esta página.' },
    approvalNotFound: { title: 'Página de aprobación no encontrada', text: 'Esta aprobación de la billetera no existe.' },
    walletApproved: { title: 'Pago aprobado', text: 'Este pago con billetera está aprobado.' },
    walletDeclined: { title: 'Pago rechazado', text: 'Este pago con billetera fue rechazado.' },
    approvalExpired: { title: 'Enlace de pago caducado', text: 'Esta aprobación ya no es válida. Vuelva a la tienda e inicie el pago de nuevo.' },
  },
};

export const WORDS: Record<Language, Words> = { en, ar, pt, es };

/** A page's language, its direction and its words. */
export interface Speech {
  readonly language: Language;
  readonly dir: 'ltr' | 'rtl';
  readonly w: Words;
}

export const speechIn = (language: Language): Speech => ({ language, dir: directionOf(language), w: WORDS[language] });

/** The language of the buyer's browser; English when it names none of the four. */
export const speechOf = (ctx: Context): Speech => speechIn(preferredLanguage(ctx.get('accept-language')) ?? SOURCE_LANGUAGE);
