import { ThrottleRule } from '../../shared/attempts';
import { Id } from '../../shared/ids';
import { LIMITS, inMinutes } from '../../shared/limits';

/**
 * A free order skips the providers, so no payment limits it: it is counted per account and per
 * address within an hour. The address's limit is high, for a class of students behind one campus
 * or mobile operator's address (carrier-grade NAT is the rule in Egypt).
 */
export const FREE_ORDER_POLICY = {
  windowSeconds: LIMITS.freeOrdersPerAccount.windowSeconds,
  perAccount: LIMITS.freeOrdersPerAccount.tries,
  perAddress: LIMITS.freeOrdersPerAddress.tries,
  perGuestEmail: LIMITS.freeOrdersPerGuestEmail.tries,
} as const;

const perNetwork = (address: string | undefined): ThrottleRule[] =>
  address ? [{ key: `free-orders:address:${address}`, limit: FREE_ORDER_POLICY.perAddress }] : [];

export const freeOrderRules = (accountId: Id, address: string | undefined): ThrottleRule[] => [
  { key: `free-orders:account:${accountId}`, limit: FREE_ORDER_POLICY.perAccount },
  ...perNetwork(address),
];

/**
 * A guest's free order sends its confirmation to the address typed, so that address is counted as an
 * account is (besides the outbox's own limit per recipient), and the network's count is the same one
 * accounts share: a guest is no way around either.
 */
export const guestFreeOrderRules = (email: string, address: string | undefined): ThrottleRule[] => [
  { key: `free-orders:guest:${email}`, limit: FREE_ORDER_POLICY.perGuestEmail },
  ...perNetwork(address),
];

export const tooManyFreeOrders = (wait: number) => `Too many free orders. Please try again in ${inMinutes(wait)}.`;
