import { LANGUAGES, Language, directionOf } from '../../../../core/shared/language';

/**
 * What the emulator's buyer panel and page say, in the store's four languages (issue 20). The SDK
 * stand-in follows the `locale` its script address carries (`ar_EG`), as PayPal's own SDK does; the
 * checkout page follows the browser's Accept-Language, as PayPal's pages do without a locale.
 * `{order}` and `{amount}` are filled in by the page.
 */
export interface Words {
  readonly dir: 'ltr' | 'rtl';
  readonly title: string;
  readonly buttonLabel: string;
  readonly testNote: string;
  readonly payNote: string;
  readonly approve: string;
  readonly decline: string;
  readonly cancel: string;
  readonly done: string;
  readonly answered: string;
}

const TEXTS: Record<Language, Omit<Words, 'dir'>> = {
  en: {
    title: 'PayPal (test)',
    buttonLabel: 'PayPal (test payment, no money moves)',
    testNote: 'Test payment, no money moves. Order {order}.',
    payNote: 'Pay {amount}. Test payment, no money moves.',
    approve: 'Approve payment',
    decline: 'Decline card',
    cancel: 'Cancel',
    done: 'Done: you can go back to the store.',
    answered: 'The emulator answered {status}.',
  },
  ar: {
    title: 'PayPal (تجريبي)',
    buttonLabel: 'PayPal (دفع تجريبي، لن تُخصم أي أموال)',
    testNote: 'دفع تجريبي، لن تُخصم أي أموال. الطلب {order}.',
    payNote: 'ادفع {amount}. دفع تجريبي، لن تُخصم أي أموال.',
    approve: 'الموافقة على الدفع',
    decline: 'رفض البطاقة',
    cancel: 'إلغاء',
    done: 'تم: يمكنك العودة إلى المتجر.',
    answered: 'أجاب المحاكي بالرمز {status}.',
  },
  pt: {
    title: 'PayPal (teste)',
    buttonLabel: 'PayPal (pagamento de teste, nenhum dinheiro é movimentado)',
    testNote: 'Pagamento de teste, nenhum dinheiro é movimentado. Pedido {order}.',
    payNote: 'Pagar {amount}. Pagamento de teste, nenhum dinheiro é movimentado.',
    approve: 'Aprovar pagamento',
    decline: 'Recusar cartão',
    cancel: 'Cancelar',
    done: 'Pronto: você pode voltar à loja.',
    answered: 'O emulador respondeu {status}.',
  },
  es: {
    title: 'PayPal (prueba)',
    buttonLabel: 'PayPal (pago de prueba, no se mueve dinero)',
    testNote: 'Pago de prueba, no se mueve dinero. Pedido {order}.',
    payNote: 'Pagar {amount}. Pago de prueba, no se mueve dinero.',
    approve: 'Aprobar pago',
    decline: 'Rechazar tarjeta',
    cancel: 'Cancelar',
    done: 'Listo: puede volver a la tienda.',
    answered: 'El emulador respondió {status}.',
  },
};

export const wordsIn = (language: Language): Words => ({ dir: directionOf(language), ...TEXTS[language] });

/** Every language's words, for the SDK stand-in to choose from in the browser. */
export const ALL_WORDS: Record<Language, Words> = Object.fromEntries(LANGUAGES.map((l) => [l, wordsIn(l)])) as Record<Language, Words>;
