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
} as const;

export const freeOrderRules = (accountId: Id, address: string | undefined): ThrottleRule[] => [
  { key: `free-orders:account:${accountId}`, limit: FREE_ORDER_POLICY.perAccount },
  ...(address ? [{ key: `free-orders:address:${address}`, limit: FREE_ORDER_POLICY.perAddress }] : []),
];

export const tooManyFreeOrders = (wait: number) => `Too many free orders. Please try again in ${inMinutes(wait)}.`;
