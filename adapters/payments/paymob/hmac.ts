import { createHmac, timingSafeEqual } from 'node:crypto';
import { egp, toDecimalString } from '../../../core/shared/money';

/**
 * The transaction fields Paymob signs, in the order it concatenates them (PROVIDERS.md). The
 * server callback nests them (`order.id`, `source_data.pan`); the browser's redirect flattens them.
 */
export const HMAC_FIELDS = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
] as const;
export type HmacField = (typeof HMAC_FIELDS)[number];

/** How one field (`success`, `order.id`) reads as text; undefined when the notification lacks it. */
export type FieldReader = (field: string) => string | undefined;

/** Booleans as `true`/`false`, numbers in decimal; an absent or null field makes no message at all. */
const asText = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;

/** Reads the fields of a transaction object as the server callback and the inquiry carry it. */
export const nestedFields =
  (transaction: unknown): FieldReader =>
  (field) =>
    asText(field.split('.').reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), transaction));

/**
 * Reads the flattened fields of the browser redirect (`source_data.pan` keeps its dot); of the order
 * it carries only the id, as `order` or `order_id`, and the merchant's order id.
 */
export const flatFields =
  (query: Readonly<Record<string, string | undefined>>): FieldReader =>
  (field) => {
    if (field === 'order.id') return query.order ?? query.order_id;
    if (field === 'order.merchant_order_id') return query.merchant_order_id;
    return field.startsWith('order.') ? undefined : query[field];
  };

const SIGNED: ReadonlySet<string> = new Set(HMAC_FIELDS);

/**
 * The same notification with every field the HMAC does not cover read as absent, so that nothing
 * outside the signature (the order's own amount, merchant_order_id, data.message,
 * txn_response_code) can decide a payment's outcome or its order.
 */
export const signedOnly =
  (read: FieldReader): FieldReader =>
  (field) =>
    SIGNED.has(field) ? read(field) : undefined;

/** The concatenated string Paymob signs, or undefined when a field is missing. */
export const hmacMessage = (read: FieldReader): string | undefined => {
  const values = HMAC_FIELDS.map(read);
  return values.every((value): value is string => value !== undefined) ? values.join('') : undefined;
};

export const signHmac = (secret: string, message: string): string =>
  createHmac('sha512', secret).update(message, 'utf8').digest('hex');

/** Constant-time comparison; a missing or wrong-length HMAC never reaches timingSafeEqual. */
export const hmacMatches = (secret: string, message: string, received: string | undefined): boolean => {
  if (!received) return false;
  const expected = Buffer.from(signHmac(secret, message), 'utf8');
  const given = Buffer.from(received.toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * What the intention ("flash") callback signs: the intention's amount in pounds with two decimals
 * (its piasters / 100: 120000 → '1200.00') followed by the intention's id.
 */
export const intentionHmacMessage = (amountCents: number, intentionId: string): string => `${toDecimalString(egp(amountCents))}${intentionId}`;
