import { createHash } from 'node:crypto';
import { Id } from '../../../core/shared/ids';

/** Crockford's base32: no I, L, O or U, so a buyer typing it into a transfer's note cannot mix letters up. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 8;

/**
 * The code the buyer writes in the transfer's note and the admin looks for: short enough to type,
 * the same for an order every time it is asked, and 40 bits of a hash of the order id, so two
 * orders sharing one (the orders' reference is unique per provider) is a one in a trillion chance.
 */
export const transferReference = (orderId: Id): string => {
  const digest = createHash('sha256').update(orderId).digest();
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[digest[i]! % 32];
  return `DL-${code}`;
};
