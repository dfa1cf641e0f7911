/**
 * Expected failures are values, never exceptions. The HTTP adapter maps each kind to a status in one
 * table; the message is what the shopper or admin sees.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'rate-limited'
  /** A service the store relies on (a payment provider) could not be reached; nothing changed. */
  | 'declined'
  | 'unavailable'
  /** Was there and is no more (an expired link, a download past its limit): 410. */
  | 'gone';

export interface DomainError {
  readonly _tag: 'DomainError';
  readonly kind: DomainErrorKind;
  readonly message: string;
}

const make = (kind: DomainErrorKind) => (message: string): DomainError => ({ _tag: 'DomainError', kind, message });

export const isDomainError = (value: unknown): value is DomainError =>
  typeof value === 'object' && value !== null && (value as { _tag?: unknown })._tag === 'DomainError';

export const invalid = make('invalid');
export const unauthorized = make('unauthorized');
export const forbidden = make('forbidden');
export const notFound = make('not-found');
export const conflict = make('conflict');
export const tooLarge = make('too-large');
export const rateLimited = make('rate-limited');
/** A payment the provider refused for good (a card declined, a payment voided). */
export const declined = make('declined');
export const unavailable = make('unavailable');
export const gone = make('gone');

/** Said wherever a product id names nothing on sale (details, cart, checkout). */
export const PRODUCT_NOT_FOUND = 'Product not found';
