import * as E from 'fp-ts/Either';
import { emailMessage, normalEmail } from '../../identity/domain/user';
import { DomainError, invalid } from '../../shared/errors';
import { punycode } from './punycode';

/**
 * The words a stamped copy carries (issue 19): who bought it and in which order, on every page of a
 * PDF, in its metadata and hidden text, and on an EPUB's colophon and in its package metadata.
 *
 * The stamp is printable ASCII only. Every font, every PDF standard font encoding and every reading
 * system shows and extracts those characters the same way, so the stamp cannot come out as empty
 * boxes or make the stamping fail on a font. An internationalised address (RFC 6531, which the store
 * accepts) is written in its ASCII form: each dot-separated part that is not ASCII in Punycode,
 * after 'xn--'. For the domain that is the IDNA form DNS itself uses ('سارة@مثال.مصر' is stamped
 * 'xn--mgbexg@xn--mgbh0fb.xn--wgbh1c'); the local part has no standard ASCII form, so the store
 * writes it the same way. Punycode reads back without loss, so the address can be recovered from a
 * copy found elsewhere, and the order number names the buyer whatever the address.
 */
export interface StampFor {
  readonly email: string;
  readonly orderNumber: string;
}

export interface Stamp {
  /** The whole line, as shown on the page and the colophon. */
  readonly text: string;
  /** The buyer's address in its ASCII form. */
  readonly email: string;
  readonly orderNumber: string;
}

/** An order number as the store shows it (the last characters of the order's id). */
const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export const NOT_A_BUYER_ADDRESS = 'A stamp needs the buyer\'s e-mail address, and this is not one';
export const NOT_AN_ORDER_NUMBER = 'A stamp needs the order number, letters and digits only';

const asciiPart = (part: string): string => (PRINTABLE_ASCII.test(part) ? part : `xn--${punycode(part)}`);

/** The address in ASCII: each dot-separated part that is not ASCII in Punycode (see above). */
export const asciiEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  const ascii = (text: string) => text.split('.').map(asciiPart).join('.');
  return `${ascii(email.slice(0, at))}@${ascii(email.slice(at + 1))}`;
};

export const stampText = (email: string, orderNumber: string): string => `Licensed to ${email} - order ${orderNumber}`;

/** The stamp for a buyer, or why there can be none (an address or number the store never makes). */
export const stampFor = ({ email, orderNumber }: StampFor): E.Either<DomainError, Stamp> => {
  if (emailMessage(email) !== undefined) return E.left(invalid(NOT_A_BUYER_ADDRESS));
  if (!ORDER_NUMBER.test(orderNumber)) return E.left(invalid(NOT_AN_ORDER_NUMBER));
  const ascii = asciiEmail(normalEmail(email));
  return E.right({ text: stampText(ascii, orderNumber), email: ascii, orderNumber });
};
