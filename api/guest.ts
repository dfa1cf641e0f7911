import { z } from 'zod';
import { LIBRARY_EMAIL_REQUIRED } from '../core/ordering/domain/guest-library';
import { orderSummary } from './accounts';
import { answer } from './envelope';
import { textField } from './fields';

/**
 * A guest's calls (DECISIONS 25): checkout with a name and an e-mail address and no account, and the
 * library a single-use e-mailed link opens. The checkout and capture calls take the signed-in
 * calls' bodies (api/ordering.ts); the answers are theirs too.
 */

/** POST /api/guest/library/open: the link's token, sent by the page the link opens (never a GET a mail scanner could spend). */
export const openLibraryRequest = z.object({ token: textField('token', { max: 200, missing: 'The link is incomplete' }) }).strict();
/** The address whose library is open, and the orders it attached to the signed-in account (if any). */
export const libraryOpenedAnswer = answer({ email: z.string(), attached: z.number() });

/** GET /api/guest/library: the address and its guest orders, as the profile's Orders section lists an account's. */
export const libraryAnswer = answer({ library: z.object({ email: z.string(), orders: z.array(orderSummary) }).strict() });

/** POST /api/guest/library/link */
export const libraryLinkRequest = z.object({ email: textField('email', { missing: LIBRARY_EMAIL_REQUIRED }) }).strict();
export const libraryLinkAnswer = answer({ message: z.string() });

/** POST /api/guest/library/signout */
export const closeLibraryRequest = z.object({}).strict();
export const libraryClosedAnswer = answer({});
