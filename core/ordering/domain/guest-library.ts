import { ThrottleRule } from '../../shared/attempts';
import { LIMITS, inMinutes } from '../../shared/limits';
import { normalEmail } from '../../identity/domain/user';

/**
 * A guest's library (DECISIONS 25): the purchases of one e-mail address, reached through a link
 * e-mailed to it. The link works once and opens a library session for that address's purchases only
 * (no cart, no profile, no admin: the store's account session is another cookie and another table).
 */

/**
 * A link works for 7 days. It opens no account and changes nothing (only shows purchases the mailbox
 * already has a confirmation of), so it may live longer than a reset link's hour: a confirmation is
 * often opened days later, and once used the link is spent anyway. Past a week, the page asks for a
 * fresh one in one step.
 */
export const LIBRARY_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A library session lasts as an account's does, since the reader is a place the guest comes back to. */
export const LIBRARY_SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** The page a link opens, under the store's public address; the page then asks the server to open it. */
export const LIBRARY_OPEN_PATH = '/library/open/';
export const LIBRARY_PATH = '/library';

export const LIBRARY_LINK_SPENT = 'This library link has already been used or has expired. Ask for a new one: we will e-mail it to you.';
export const NO_LIBRARY_SESSION = 'Open the link in your order e-mail to see your library, or ask for a new one.';
export const LIBRARY_LINK_SENT = "If this address has purchases with us, we've sent it a new link to its library.";
export const LIBRARY_EMAIL_REQUIRED = 'Email is required';

export const LIBRARY_LINK_POLICY = {
  windowSeconds: LIMITS.libraryLinksPerEmail.windowSeconds,
  perEmail: LIMITS.libraryLinksPerEmail.tries,
  perAddress: LIMITS.libraryLinksPerAddress.tries,
} as const;

export const libraryLinkRules = (email: string, address: string): ThrottleRule[] => [
  { key: `library-email:${email}`, limit: LIBRARY_LINK_POLICY.perEmail },
  { key: `library-address:${address}`, limit: LIBRARY_LINK_POLICY.perAddress },
];

export const tooManyLibraryLinks = (wait: number) => `Too many library link requests. Please try again in ${inMinutes(wait)}.`;

/**
 * What proves that whoever holds an account also holds an e-mail address: a library session of the
 * address (its link came to that mailbox), or Google vouching for it as verified. An address typed at
 * sign-up proves nothing, so it is not a kind of proof at all.
 */
export type AddressProof = { readonly kind: 'library'; readonly email: string } | { readonly kind: 'verified-by-provider'; readonly email: string };

/**
 * A guest's orders join an account only when the account's own address is the one proven: an
 * account never takes another address's purchases, and proof of another address attaches nothing.
 */
export const mayAttach = (account: { readonly email: string }, proof: AddressProof | undefined): boolean =>
  proof !== undefined && normalEmail(account.email) === normalEmail(proof.email);
