import { z } from 'zod';
import { ALL_FIELDS } from '../core/identity/domain/user';
import { RESET_EMAIL_REQUIRED } from '../core/identity/domain/password-reset';
import { answer } from './envelope';
import { ignored, textField } from './fields';
import { orderedProduct, payAt } from './ordering';
import { ORDER_STATUSES, PURCHASE_STATES } from '../core/ordering/domain/order';
import { LANGUAGES } from '../core/shared/language';
import { UNKNOWN_LANGUAGE } from '../core/identity/domain/language-setting';

/** Any field of an account form: missing means the form was not filled. */
const text = (name: string) => textField(name, { missing: ALL_FIELDS });

/** POST /api/user/signup: the navbar also sends repeatpassword, which must then match. */
export const signUpRequest = z
  .object({ username: text('username'), email: text('email'), password: text('password'), repeatpassword: text('repeatpassword').optional() })
  .strict();
/** POST /api/user/login: `username` holds a username or an e-mail; the page sends its whole form, whose email and repeatpassword are not read. */
export const signInRequest = z.object({ username: text('username'), password: text('password'), email: ignored, repeatpassword: ignored }).strict();
/** POST /api/user/signout: an empty body. */
export const signOutRequest = z.object({}).strict();
/** POST /api/user/usernamechange */
export const renameRequest = z.object({ newUsername: text('newUsername') }).strict();
/** POST /api/user/passwordChange: the spec nests the form in `newPassword`. */
export const changePasswordRequest = z
  .object({
    newPassword: z
      // oldpassword is empty or absent when an account without a password sets one (the core decides).
      .object({ oldpassword: text('oldpassword').optional(), newpassword: text('newpassword'), repeatpassword: text('repeatpassword') }, { error: ALL_FIELDS })
      .strict(),
  })
  .strict();
/** POST /api/user/forgot-password */
export const forgotPasswordRequest = z.object({ resetEmail: textField('resetEmail', { missing: RESET_EMAIL_REQUIRED }) }).strict();
/** POST /api/user/forgot-password/:token */
export const resetPasswordRequest = z.object({ newPassword: text('newPassword'), repeatPassword: text('repeatPassword') }).strict();
/** POST /api/auth/google/connect: the account's password proves the owner asks (the use case says when it is missing). */
export const connectGoogleRequest = z.object({ password: textField('password').optional() }).strict();

/** POST /api/user/signup, POST /api/user/login */
export const signedInAnswer = answer({ message: z.string(), username: z.string() });
/** POST /api/user/signout */
export const signedOutAnswer = answer({});

/**
 * The session checks answer a question, "am I signed in?", so a signed-out visitor gets its answer,
 * 200 `{ success: false }`, not a 401: a failed request would put an error in the browser's console
 * on every page a signed-out visitor opens.
 */
export const notSignedInAnswer = z.object({ success: z.literal(false) }).strict();

/** GET /api/user/islogged, signed in */
export const signedInNameAnswer = answer({ username: z.string() });
/** GET /api/user/islogged */
export const isLoggedAnswer = z.union([signedInNameAnswer, notSignedInAnswer]);

export const sessionUser = z.object({ username: z.string(), email: z.string(), role: z.enum(['User', 'Admin']) }).strict();
export type SessionUser = z.infer<typeof sessionUser>;
/** GET /api/user/islogged2, signed in */
export const sessionUserAnswer = answer({ UserCheck: sessionUser });
/** GET /api/user/islogged2 */
export const sessionCheckAnswer = z.union([sessionUserAnswer, notSignedInAnswer]);

/** An order as its owner's profile lists it: the number shown is the last 6 characters of `_id`. */
export const orderSummary = z
  .object({
    _id: z.string(),
    status: z.enum(ORDER_STATUSES),
    /** What the list says of it (the core's rule): a pending order is an attempt 'not completed', failed after a day. */
    state: z.enum(PURCHASE_STATES),
    createdAt: z.string(),
    delivered: z.boolean(),
    currency: z.enum(['USD', 'EGP']),
    total: z.number(),
    /** Given back so far. */
    refunded: z.number(),
    /** The provider and how it was paid through it: 'paymob' and 'kiosk'. */
    provider: z.string(),
    method: z.string(),
    /** To pay away from the store: the reference, where, and until when. */
    payAt: payAt.optional(),
    /** The coupon used and what it took off (issue 21). */
    coupon: z.object({ code: z.string(), discount: z.number() }).strict().optional(),
    products: z.array(orderedProduct),
  })
  .strict();
export type OrderSummary = z.infer<typeof orderSummary>;

/**
 * `connected`: the providers the owner connected to sign in with besides the password ('google');
 * `hasPassword`: false for an account made by Google sign-in whose owner never set a password (the
 * profile offers to set one, with no current password asked).
 */
export const profileData = z
  .object({
    username: z.string(),
    email: z.string(),
    connected: z.array(z.enum(['google'])),
    hasPassword: z.boolean(),
    /** The language the owner chose while signed in (issue 20); absent until they choose one. */
    language: z.enum(LANGUAGES).optional(),
    orders: z.array(orderSummary),
  })
  .strict();
export type ProfileData = z.infer<typeof profileData>;
/** GET /api/user/profiledata */
export const profileAnswer = answer({ userData: profileData });

/** POST /api/user/language: the shape only; the core says which languages the store keeps. */
export const chooseLanguageRequest = z.object({ language: textField('language', { max: 20, missing: UNKNOWN_LANGUAGE, notText: UNKNOWN_LANGUAGE }) }).strict();
/** POST /api/user/language: the language kept. */
export const languageChosenAnswer = answer({ language: z.enum(LANGUAGES) });

/**
 * POST /api/auth/google/connect { password }: the signed-in owner connects a Google account; the
 * answer is Google's address, where the browser goes next (back at /user/profile?google=...).
 */
export const connectGoogleAnswer = answer({ url: z.string() });
/** POST /api/user/usernamechange */
export const renamedAnswer = answer({ message: z.string(), username: z.string() });
/** POST /api/user/passwordChange */
export const passwordChangedAnswer = answer({ message: z.string() });
/** POST /api/user/forgot-password: the same neutral message whether or not the address is registered */
export const resetRequestedAnswer = answer({ message: z.string() });
/** POST /api/user/forgot-password/:token */
export const passwordResetAnswer = answer({ message: z.string() });
