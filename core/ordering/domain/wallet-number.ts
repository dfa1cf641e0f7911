/**
 * The wallet's number (one rule for the checkout form and the Paymob adapter), as Egypt writes mobile numbers: 01 and the network (0 Vodafone, 1 e&, 2
 * Orange, 5 WE), then eight digits. Buyers also type it with +20 or 0020, with spaces or dashes,
 * or in Arabic-Indic digits: all mean the same number, which Paymob takes as 01XXXXXXXXX.
 */
export const WALLET_NUMBER_NEEDED =
  'Enter the mobile number of your wallet (Vodafone Cash, Orange Cash, e& money, WE Pay), an Egyptian number such as 01012345678.';

/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits as 0-9. */
const westernDigits = (text: string): string =>
  text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String((digit.codePointAt(0) as number) & 0xf));

/** The number as Paymob takes it (01XXXXXXXXX), or undefined when it is no Egyptian mobile number. */
export const walletNumber = (typed: string | undefined): string | undefined => {
  if (typed === undefined || typed.length > 40) return undefined;
  const compact = westernDigits(typed).replace(/[\s\-.()]/g, '');
  const national = /^(?:\+20|0020)0?(1\d{9})$/.exec(compact)?.[1] ?? /^0(1\d{9})$/.exec(compact)?.[1];
  return national && /^1[0125]\d{8}$/.test(national) ? `0${national}` : undefined;
};
