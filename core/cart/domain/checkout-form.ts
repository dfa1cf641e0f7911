import { INVALID_EMAIL, emailMessage } from '../../identity/domain/user';

/** The two ways to pay: a wallet/card provider's buttons, or a card gateway's embedded frame. */
export const PAYMENT_METHODS = ['Dpaypal', 'DPaymob'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface CheckoutForm {
  readonly name: string;
  readonly email: string;
  readonly paymentmethod: string;
}

export type CheckoutProblems = Partial<Record<keyof CheckoutForm, string>>;

export const NAME_HOLDS_LINK = 'Name must not contain a link or a web address';

const SCHEME_OR_WWW = /[a-z][a-z\d+.-]*:\/\/|\bwww\./i;
/** Labels of letters, digits and hyphens joined by dots, the last of letters: evil.example, bit.ly. */
const HOST = /(?<![\p{L}\p{N}.-])(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?![\p{L}\p{N}-])/gu;
/** A name's own abbreviations before a dot: an initial (M.Salah) or a title (Dr.Ahmed). */
const ABBREVIATION = /^(?:\p{L}|dr|mr|mrs|ms|prof|eng|st|jr|sr)\./iu;

const withoutAbbreviations = (host: string): string => (ABBREVIATION.test(host) ? withoutAbbreviations(host.replace(ABBREVIATION, '')) : host);

/**
 * Whether text holds what a mail client would turn into a link (a scheme, www., a host name). The
 * buyer's name is written into the store's e-mails, so a name like 'Your account is locked, verify
 * at evil.example' would make the store a sender of someone else's message.
 */
export const holdsLink = (text: string): boolean =>
  SCHEME_OR_WWW.test(text) || [...text.matchAll(HOST)].some(([host]) => withoutAbbreviations(host).includes('.'));

/**
 * The buyer's name and address, as every checkout (the cart's, Buy now, the server's) checks them.
 * A name left out altogether (the spec's PayPal order sends none: PayPal asks the payer) is no
 * problem; a name sent must be one.
 */
export const buyerProblems = (buyer: { readonly name?: string; readonly email: string }): CheckoutProblems => {
  const problems: CheckoutProblems = {};
  if (buyer.name === undefined) {
    // PayPal's window asks the payer's name.
  } else if (!buyer.name.trim()) problems.name = 'Name is required';
  else if (holdsLink(buyer.name)) problems.name = NAME_HOLDS_LINK;
  if (!buyer.email.trim()) problems.email = 'Email is required';
  else if (emailMessage(buyer.email)) problems.email = INVALID_EMAIL;
  return problems;
};

/** The checkout and cart form's rules, for the UI now and the server's checkout later. */
export const checkoutFormProblems = (form: CheckoutForm): CheckoutProblems => {
  const problems: CheckoutProblems = buyerProblems(form);
  if (!(PAYMENT_METHODS as readonly string[]).includes(form.paymentmethod)) problems.paymentmethod = 'Please select a payment method';
  return problems;
};

/** PayPal's buttons need the name and e-mail before they can start. */
export const PAYPAL_NEEDS_DETAILS = 'Please fill in name and email before proceeding with PayPal';
