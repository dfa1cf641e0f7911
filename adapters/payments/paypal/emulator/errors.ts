import { randomBytes } from 'node:crypto';
import { PayPalError } from '../wire';

/** An answer the emulator sends: a status and PayPal's JSON for it. */
export interface Reply {
  readonly status: number;
  readonly body: unknown;
}

const NAMES: Record<number, { name: string; message: string }> = {
  400: { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.' },
  401: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.' },
  404: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' },
  422: { name: 'UNPROCESSABLE_ENTITY', message: 'The requested action could not be performed, semantically incorrect, or failed business validation.' },
  500: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' },
};

/** PayPal's descriptions of the issues the emulator raises. */
export const ISSUES = {
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
  MISSING_REQUIRED_PARAMETER: 'A required field / parameter is missing.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  DECIMAL_PRECISION: 'If the currency supports decimals, only two decimal place precision is supported.',
  CURRENCY_MISMATCH: 'Currency code should be the same for all amount fields in a purchase unit.',
  ITEM_TOTAL_REQUIRED: 'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.',
  ITEM_TOTAL_MISMATCH: 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.',
  AMOUNT_MISMATCH: 'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  INSTRUMENT_DECLINED: "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
  PAYER_ACTION_REQUIRED: 'Transaction cannot complete successfully, instruct the buyer to return to PayPal.',
  ORDER_CANNOT_BE_CAPTURED: 'The order was voided and cannot be captured.',
  // Payments v2, refunding a capture.
  CANNOT_BE_ZERO_OR_NEGATIVE: 'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  REFUND_CAPTURE_CURRENCY_MISMATCH: 'Refund must be in the same currency as the capture.',
  REFUND_AMOUNT_EXCEEDED: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded',
  REFUND_NOT_ALLOWED: 'Capture cannot be refunded.',
  REFUND_NOT_PERMITTED_DUE_TO_CHARGEBACK: 'Refunds not allowed on this capture due to a chargeback on the card or bank. Please contact the payee to resolve the chargeback.',
} as const;

export type Issue = keyof typeof ISSUES;

export const debugId = (): string => randomBytes(7).toString('hex').slice(0, 13);

export const paypalError = (
  status: 400 | 401 | 404 | 422 | 500,
  issue?: Issue,
  extra: { field?: string; value?: string; links?: PayPalError['links']; api?: 'orders' | 'payments' } = {},
): Reply => {
  const { name, message } = NAMES[status];
  const details = issue ? [{ ...(extra.field ? { field: extra.field, location: 'body' } : {}), ...(extra.value ? { value: extra.value } : {}), issue, description: ISSUES[issue] }] : undefined;
  const links = extra.links ?? (issue ? [{ href: `https://developer.paypal.com/docs/api/${extra.api ?? 'orders'}/v2/#error-${issue}`, rel: 'information_link', method: 'GET' }] : []);
  const body: PayPalError = { name, message, ...(details ? { details } : {}), debug_id: debugId(), links };
  return { status, body };
};
