import * as E from 'fp-ts/Either';
import { DomainError, invalid } from '../../shared/errors';
import { Money, egp } from '../../shared/money';

/**
 * Pounds per dollar for the bulk EGP reprice (DECISIONS 10), kept exact: as written ('48.5') and in
 * ten-thousandths of a pound, so no float decides a price.
 */
export interface ExchangeRate {
  readonly egpPerUsd: string;
  readonly tenThousandths: bigint;
}

/**
 * Far above today's rate (about 50); with the form's highest USD price it keeps every EGP price the
 * reprice writes within the form's limit, so a repriced product can still be edited.
 */
export const MAX_EGP_PER_USD = 200;
export const BAD_RATE = `The exchange rate must be a positive number of pounds per dollar (at most 4 decimals, at most ${MAX_EGP_PER_USD})`;

export const exchangeRate = (text: string): E.Either<DomainError, ExchangeRate> => {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return E.left(invalid(BAD_RATE));
  const tenThousandths = BigInt(match[1]) * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0'));
  if (tenThousandths === 0n || tenThousandths > BigInt(MAX_EGP_PER_USD) * 10_000n) return E.left(invalid(BAD_RATE));
  return E.right({ egpPerUsd: text.trim(), tenThousandths });
};

/**
 * A dollar price in pounds at `rate`, rounded to whole pounds (half up); free stays free. The
 * database adapters do the same sum in one statement, and the contract suite holds them to this.
 */
export const egpPriceAt = (price: Money<'USD'>, rate: ExchangeRate): Money<'EGP'> => {
  // cents x ten-thousandths of a pound per dollar = pounds x 10^6
  const scaled = BigInt(price.minor) * rate.tenThousandths;
  const pounds = (scaled + 500_000n) / 1_000_000n;
  return egp(Number(pounds * 100n));
};
