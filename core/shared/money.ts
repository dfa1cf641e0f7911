/**
 * An amount of money: whole minor units (cents, piasters) and a currency. Prices, order totals and
 * the amounts sent to payment providers are Money, so no float ever decides what is charged; the
 * HTTP edge alone turns them into the spec's decimal numbers.
 */
export const CURRENCIES = ['USD', 'EGP'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** `Money<'USD'>` is known to be dollars, so a dollar price cannot be added to a pound one by mistake. */
export interface Money<C extends Currency = Currency> {
  /** Cents or piasters: a non-negative safe integer. */
  readonly minor: number;
  readonly currency: C;
}

/** Both currencies have 100 minor units to the major one. */
const MINOR_PER_MAJOR = 100;

/** A wrong amount here is a bug in the caller (bad input is refused before it becomes Money). */
export const money = <C extends Currency>(minor: number, currency: C): Money<C> => {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`Not an amount of ${currency} minor units: ${minor}`);
  return { minor, currency };
};

export const usd = (minor: number): Money<'USD'> => money(minor, 'USD');
export const egp = (minor: number): Money<'EGP'> => money(minor, 'EGP');
export const zero = <C extends Currency>(currency: C): Money<C> => money(0, currency);

/**
 * A decimal amount (25.99) as Money, or undefined when it is negative, not finite or has more than
 * two decimals: the one place a decimal number becomes an amount.
 */
export const fromDecimal = <C extends Currency>(amount: number, currency: C): Money<C> | undefined => {
  if (!Number.isFinite(amount) || amount < 0) return undefined;
  const minor = Math.round(amount * MINOR_PER_MAJOR);
  // 19.99 * 100 is 1998.9999999999998: a true 2-decimal amount lands within a hair of an integer.
  if (Math.abs(minor - amount * MINOR_PER_MAJOR) > 1e-6 || !Number.isSafeInteger(minor)) return undefined;
  return money(minor, currency);
};

/** The decimal number the spec's answers carry (25.99); exact for any amount of cents. */
export const toDecimal = (m: Money): number => m.minor / MINOR_PER_MAJOR;

/** '25.99', '1200.00': the decimal string payment APIs take. */
export const toDecimalString = (m: Money): string =>
  `${Math.floor(m.minor / MINOR_PER_MAJOR)}.${String(m.minor % MINOR_PER_MAJOR).padStart(2, '0')}`;

export const isFree = (m: Money): boolean => m.minor === 0;

const sameCurrency = (a: Money, b: Money): void => {
  if (a.currency !== b.currency) throw new RangeError(`Cannot add ${a.currency} to ${b.currency}`);
};

export const add = <C extends Currency>(a: Money<C>, b: Money<C>): Money<C> => {
  sameCurrency(a, b);
  return money(a.minor + b.minor, a.currency);
};

/** The total of several amounts in one currency (zero for none). */
export const sum = <C extends Currency>(amounts: readonly Money<C>[], currency: C): Money<C> =>
  amounts.reduce((total, amount) => add(total, amount), zero(currency));

export const equals = (a: Money, b: Money): boolean => a.currency === b.currency && a.minor === b.minor;

/** A whole number with a comma between each group of three digits, as en-US writes it. */
const grouped = (whole: number): string => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/** An amount's digits, grouped, with its two decimals unless it is `whole`. */
const digitsOf = (m: Money, whole: boolean): string =>
  grouped(Math.floor(m.minor / MINOR_PER_MAJOR)) + (whole ? '' : `.${String(m.minor % MINOR_PER_MAJOR).padStart(2, '0')}`);

/**
 * As the store shows a price: '$25.00', 'EGP 1,200' (piasters only when there are some: 'EGP
 * 1,200.5'), or 'Free' when it is zero (spec section 9). Written by hand rather than with Intl,
 * which a phone's browser makes slowly the first time (its locale data loaded on the page's
 * critical path); tests/core/money.test.ts holds it to en-US's Intl output.
 */
export const formatMoney = (m: Money): string => {
  if (isFree(m)) return 'Free';
  if (m.currency === 'USD') return `$${digitsOf(m, false)}`;
  return `EGP ${digitsOf(m, m.minor % MINOR_PER_MAJOR === 0).replace(/(\.\d)0$/, '$1')}`;
};

const localFormats = new Map<string, Intl.NumberFormat>();

/**
 * Locales whose prices are written by hand, as their Intl pattern writes them (held to it by
 * tests/core/money.test.ts). Arabic with Western digits is '‏1,200 ج.م.‏': a right-to-left mark,
 * the amount, a no-break space, the symbol (the pound's with its own closing mark). A phone's
 * browser loads a locale's currency data for Intl's first currency format: 80 to 200 ms on an
 * Arabic home page's critical path, for the store's main market.
 */
const BY_HAND: Readonly<Record<string, (m: Money, whole: boolean) => string>> = {
  'ar-EG-u-nu-latn': (m, whole) => `\u200f${digitsOf(m, whole)}\u00a0${m.currency === 'EGP' ? 'ج.م.\u200f' : 'US$'}`,
};

/**
 * A count (items in a cart, downloads) in a translation's locale: by hand where prices are, for
 * the same reason. An Arabic cart's item count, through Intl, loaded the locale's number data on
 * the way to the cart's totals: 28 ms, 112 ms on Lighthouse's phone.
 */
export const formatCountIn = (locale: string, count: number): string =>
  BY_HAND[locale] && Number.isSafeInteger(count) && count >= 0 ? grouped(count) : count.toLocaleString(locale);

/**
 * A price in a translation's locale (issue 20), for the pages and the letters alike: Intl's own
 * order and symbols (Arabic '1,200 ج.م.‏' with Western digits, by hand), whole pounds without piasters as
 * 'EGP 1,200' has them, an amount with piasters with both digits; `free` when it is zero. The
 * spec's English is formatMoney's. Formatters are made once per locale: making one costs more
 * than using it.
 */
export const formatMoneyIn = (locale: string, m: Money, free: string): string => {
  if (isFree(m)) return free;
  const whole = m.currency === 'EGP' && m.minor % MINOR_PER_MAJOR === 0;
  const byHand = BY_HAND[locale];
  if (byHand) return byHand(m, whole);
  const key = `${locale} ${m.currency} ${whole}`;
  let format = localFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: m.currency, ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}) });
    localFormats.set(key, format);
  }
  return format.format(toDecimal(m));
};
