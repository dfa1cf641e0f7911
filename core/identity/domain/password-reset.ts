import { LIMITS, inMinutes } from '../../shared/limits';

/**
 * The password reset's rules and texts (spec 8, DECISIONS 19): the one source of its messages,
 * imported by the server and the UI.
 */
export const RESET_LINK_SENT = "If the email you entered is registered, we've sent you a password reset link.";
export const RESET_EMAIL_REQUIRED = 'Email is required';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';
export const PASSWORD_RESET_DONE = 'Password reset successfully. You can now login with your new password.';

/** A link works for an hour, once. */
export const RESET_LIFETIME_MS = 60 * 60 * 1000;

/** The page a link opens, under the store's public address. */
export const RESET_PATH = '/reset-password/';

/**
 * Requests are counted per address typed (so no one can flood a mailbox) and per browser address
 * (so no one can walk a list of addresses); tries of a link per browser address, since each costs
 * a password hash.
 */
export const RESET_POLICY = {
  windowSeconds: LIMITS.resetRequestsPerEmail.windowSeconds,
  perEmail: LIMITS.resetRequestsPerEmail.tries,
  perAddress: LIMITS.resetRequestsPerAddress.tries,
  triesPerAddress: LIMITS.resetTriesPerAddress.tries,
} as const;

export const resetRequestRules = (email: string, address: string) => [
  { key: `reset-email:${email}`, limit: RESET_POLICY.perEmail },
  { key: `reset-address:${address}`, limit: RESET_POLICY.perAddress },
];

export const resetTryRule = (address: string) => ({ key: `reset-try:${address}`, limit: RESET_POLICY.triesPerAddress });

export const tooManyResetRequests = (wait: number) => `Too many password reset requests. Please try again in ${inMinutes(wait)}.`;
export const tooManyResetTries = (wait: number) => `Too many password reset tries. Please try again in ${inMinutes(wait)}.`;
