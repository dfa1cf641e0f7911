/**
 * The form's wallet-number check (ui/src/checkout/walletNumber.ts) is the server's
 * (adapters/payments/paymob/phone.ts) written again, because the UI may not import an adapter:
 * the same inputs give the same answers and the same text, so the two cannot drift apart.
 */
import { egyptianMobile, WALLET_NUMBER_NEEDED as SERVER_SAYS } from '../../adapters/payments/paymob/phone';
import { walletNumber, WALLET_NUMBER_NEEDED } from '../../ui/src/checkout/walletNumber';

const TYPED = [
  '01012345678', '01112345678', '01212345678', '01512345678', '01312345678', '01412345678', '0101234567', '010123456789',
  '+201012345678', '+20 101 234 5678', '00201012345678', '+2001012345678', '010-1234-5678', '(010) 1234.5678',
  '٠١٠١٢٣٤٥٦٧٨', '۰۱۲۱۲۳۴۵۶۷۸', '1012345678', '021012345678', '', '   ', 'abc', '+1 202 555 0100', `0101234567${'8'.repeat(40)}`,
  ' 01012345678 ', '+20101234567a',
];

test.each(TYPED)('%j: the form and the server agree', (typed) => {
  expect(walletNumber(typed)).toBe(egyptianMobile(typed));
});

test('both say the same when the number is wrong', () => {
  expect(WALLET_NUMBER_NEEDED).toBe(SERVER_SAYS);
});
