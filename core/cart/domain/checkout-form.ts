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

/** The buyer's name and address, as every checkout (the cart's, Buy now, the server's) checks them. */
export const buyerProblems = (buyer: Pick<CheckoutForm, 'name' | 'email'>): CheckoutProblems => {
  const problems: CheckoutProblems = {};
  if (!buyer.name.trim()) problems.name = 'Name is required';
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
