/**
 * The wallet's number, checked in the form before anything is sent. The server's check is
 * adapters/payments/paymob/phone.ts, which the UI may not import (the dependency rule); the two
 * are held equal by tests/ui/wallet-number.test.ts, over the same inputs, text included.
 * Egyptian mobiles: 01 and the network (0, 1, 2, 5), then eight digits; typed with +20 or 0020,
 * spaces or dashes, or in Arabic-Indic digits.
 */
export const WALLET_NUMBER_NEEDED =
  'Enter the mobile number of your wallet (Vodafone Cash, Orange Cash, e& money, WE Pay), an Egyptian number such as 01012345678.';

const westernDigits = (text: string): string =>
  text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String((digit.codePointAt(0) as number) & 0xf));

/** The number as the wallet provider takes it (01XXXXXXXXX), or undefined when it is no Egyptian mobile number. */
export const walletNumber = (typed: string): string | undefined => {
  if (typed.length > 40) return undefined;
  const compact = westernDigits(typed).replace(/[\s\-.()]/g, '');
  const national = /^(?:\+20|0020)0?(1\d{9})$/.exec(compact)?.[1] ?? /^0(1\d{9})$/.exec(compact)?.[1];
  return national && /^1[0125]\d{8}$/.test(national) ? `0${national}` : undefined;
};
