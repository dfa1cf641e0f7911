import { ThrottleRule } from '../../shared/attempts';
import { LIMITS, inMinutes } from '../../shared/limits';
import { Id } from '../../shared/ids';
import { SignInName } from './user';

/**
 * Tries are counted before the password is checked (so tries sent at once cannot all be checked);
 * a success takes its try back. Per account, whatever name was typed, and per address. An address
 * the account has signed in from before has a counter of its own with that account, so a
 * stranger's wrong guesses, which all land on the account's shared counter, cannot lock the owner
 * out of it; nor do they count against the address of colleagues behind the same router.
 * The numbers are in core/shared/limits.ts, with every other limit.
 */
export const SIGN_IN_POLICY = {
  windowSeconds: LIMITS.signInFailuresPerAccount.windowSeconds,
  perAccount: LIMITS.signInFailuresPerAccount.tries,
  perKnownAddress: LIMITS.signInFailuresPerKnownAddress.tries,
  perAddress: LIMITS.signInFailuresPerAddress.tries,
} as const;


/** The account a sign-in is for: its id, or for a name no account has, that name (so both answer alike). */
export const accountKey = (accountId: Id | undefined, name: SignInName): string =>
  accountId ? `account:${accountId}` : `name:${name.kind === 'email' ? name.email : name.username.toLowerCase()}`;

export const signInRules = (account: string, address: string, knownAddress: boolean): ThrottleRule[] => {
  const { perAccount, perKnownAddress, perAddress } = SIGN_IN_POLICY;
  return knownAddress
    ? [{ key: `${account}|address:${address}`, limit: perKnownAddress }]
    : [{ key: account, limit: perAccount }, { key: `address:${address}`, limit: perAddress }];
};

/** The current-password check of a password change, counted per account. */
export const passwordCheckRule = (accountId: Id): ThrottleRule => ({ key: `password-check:${accountId}`, limit: LIMITS.passwordChecksPerAccount.tries });

/** New accounts from one address, counted apart from sign-ins and only once the form is right. */
export const signUpRule = (address: string): ThrottleRule => ({ key: `sign-up:address:${address}`, limit: LIMITS.signUpsPerAddress.tries });

export const tooManySignIns = (wait: number) => `Too many failed sign-ins. Please try again in ${inMinutes(wait)}.`;
export const tooManyPasswordChecks = (wait: number) => `Too many wrong passwords. Please try again in ${inMinutes(wait)}.`;
export const tooManySignUps = (wait: number) => `Too many new accounts from your network. Please try again in ${inMinutes(wait)}.`;
