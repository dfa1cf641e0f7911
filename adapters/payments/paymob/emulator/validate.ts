import { Body, isCents } from './context';

/** Paymob's answer (404) to an integration id the account does not have, in its mode. */
export const NO_INTEGRATION =
  'Integration ID/Name does not exist in our system . You can find the list of Integration ID’/Names from Merchant Dashboard under Developers → Payment Integrations Tab';

const BILLING_REQUIRED = ['first_name', 'last_name', 'email', 'phone_number'];
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isWebAddress = (value: unknown) => typeof value === 'string' && /^https?:\/\/\S+$/.test(value);

/** The field errors Paymob answers 400 with, for an intention it will not make; undefined when it will. */
export const intentionProblems = (request: Body, referenceUsed: (reference: string) => boolean): Record<string, unknown> | undefined => {
  const errors: Record<string, unknown> = {};
  const amount = request.amount;
  if (!isCents(amount) || amount === 0) errors.amount = ['A valid positive integer is required.'];
  if (request.currency !== 'EGP') errors.currency = ['Currency is not supported for this merchant.'];
  const methods = request.payment_methods;
  if (!Array.isArray(methods) || methods.length === 0 || !methods.every((id) => Number.isSafeInteger(id)))
    errors.payment_methods = ['A list of integration ids is required.'];

  const billing = (request.billing_data ?? {}) as Body;
  const missing = BILLING_REQUIRED.filter((name) => !isText(billing[name]));
  if (missing.length) errors.billing_data = Object.fromEntries(missing.map((name) => [name, ['This field is required.']]));

  const items = request.items;
  const itemsOk =
    Array.isArray(items) &&
    items.every((item: Body) => item !== null && typeof item === 'object' && isText(item.name) && isCents(item.amount) && Number.isSafeInteger(item.quantity) && (item.quantity as number) > 0);
  if (!itemsOk) errors.items = ['Each item needs a name, an amount in cents and a quantity.'];
  else if (isCents(amount) && (items as Body[]).reduce((sum, item) => sum + (item.amount as number) * (item.quantity as number), 0) !== amount)
    errors.items = ["The items' amounts do not add up to the intention's amount."];

  if (request.special_reference !== undefined) {
    if (!isText(request.special_reference)) errors.special_reference = ['Not a valid string.'];
    else if (referenceUsed(request.special_reference)) errors.special_reference = ['An intention with this special reference already exists.'];
  }
  for (const name of ['notification_url', 'redirection_url'])
    if (request[name] !== undefined && !isWebAddress(request[name])) errors[name] = ['Enter a valid URL.'];
  if (request.expiration !== undefined && (!isCents(request.expiration) || request.expiration === 0)) errors.expiration = ['A valid positive integer is required.'];
  if (request.extras !== undefined && (request.extras === null || typeof request.extras !== 'object' || Array.isArray(request.extras))) errors.extras = ['Expected a dictionary.'];
  return Object.keys(errors).length ? errors : undefined;
};
