import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, test, type Page } from '@playwright/test';
import { aNewUser, demoCatalogue, demoId, EGYPT, expectAccessible, type NewUser } from './support';
import { failOnContentPolicyRefusals } from './content-policy';

failOnContentPolicyRefusals();

/**
 * A new user buys in Arabic (issue 20): signs up on the Arabic sign-in page, buys with each emulated
 * provider (PayPal's panel, Paymob's card frame, an Egyptian mobile wallet), each in Arabic and
 * mirrored, and the confirmation letter is Arabic, right to left. The browser is an Egyptian
 * dentist's (Accept-Language ar-EG), which the Paymob pages follow. Screenshots are kept with the run.
 */
test.use({ locale: 'ar-EG' });

/** An Arabic text of the UI's catalogues: the test reads what a shopper reads. */
const ar = (namespace: string, key: string): string =>
  key.split('.').reduce<unknown>((at, k) => (at as Record<string, unknown>)[k], JSON.parse(fs.readFileSync(path.join(__dirname, `../../ui/src/i18n/locales/ar/${namespace}.json`), 'utf8'))) as string;

const catalogue = demoCatalogue();
const titleOf = (n: number) => {
  const product = catalogue.find((p) => p._id === demoId(n))!;
  return product.arabicTitle ?? product.title;
};
const keep = async (page: Page, name: string) => {
  const file = test.info().outputPath(`${name}.png`);
  // From the top: a whole-page shot keeps the sticky bar where the page was scrolled.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
};
const inArabic = (page: Page) => expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

const signUpInArabic = async (page: Page, user: NewUser) => {
  await page.goto('/ar/user/login');
  await inArabic(page);
  await page.getByRole('form', { name: ar('account', 'signIn.title') }).getByRole('button', { name: ar('account', 'signIn.signUp') }).click();
  const form = page.getByRole('form', { name: ar('account', 'signUp.title') });
  await form.getByLabel(ar('account', 'signUp.username')).fill(user.username);
  await form.getByLabel(ar('account', 'signUp.email')).fill(user.email);
  await form.getByLabel(ar('account', 'signUp.password'), { exact: true }).fill(user.password);
  await form.getByLabel(ar('account', 'signUp.repeatPassword')).fill(user.password);
  await expectAccessible(page);
  await form.getByRole('button', { name: ar('account', 'signUp.submit') }).click();
  await expect(page.getByText(ar('account', 'signUp.pageSuccess'))).toBeVisible();
};

const checkoutInArabic = async (page: Page, n: number, method: string, email: string) => {
  await page.goto(`/ar/checkout/${demoId(n)}`);
  await inArabic(page);
  await expect(page.getByRole('region', { name: ar('checkout', 'details.title') }).getByRole('heading', { name: titleOf(n) })).toBeVisible();
  await page.getByLabel(ar('checkout', 'form.name')).fill('هنا عادل');
  await page.getByLabel(ar('checkout', 'form.email')).fill(email);
  await page.getByRole('radio', { name: method }).check();
};

const paidInArabic = async (page: Page, name: string) => {
  await expect(page).toHaveURL(/\/ar\/Paymentsuccess$/);
  await expect(page.getByRole('heading', { name: ar('checkout', 'result.successTitle') })).toBeVisible();
  await inArabic(page);
  await expectAccessible(page);
  await keep(page, name);
};

test('a new user signs up in Arabic, pays with PayPal and with a Paymob card, and reads the Arabic confirmation', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const user = aNewUser(testInfo, 'arabic');
  await signUpInArabic(page, user);
  await keep(page, 'signed-up-ar');

  // PayPal: the store asks PayPal's SDK for ar_EG, and its (emulated) panel speaks Arabic, right to left.
  await checkoutInArabic(page, 5, ar('checkout', 'methods.paypal.paypal'), user.email);
  await page.getByRole('button', { name: ar('checkout', 'form.proceed') }).click();
  await expect(page.getByText(ar('checkout', 'says.testPayment'))).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: /^PayPal \(/ }).click();
  const panel = page.getByRole('dialog', { name: 'PayPal (تجريبي)' });
  await expect(panel).toHaveAttribute('dir', 'rtl');
  await expect(panel.getByText(/دفع تجريبي/)).toBeVisible();
  await keep(page, 'paypal-panel-ar');
  await panel.getByRole('button', { name: 'الموافقة على الدفع' }).click();
  await paidInArabic(page, 'paid-paypal-ar');

  // Paymob: the card page in the frame follows the browser's Arabic; the amount stays left to right.
  await checkoutInArabic(page, 6, ar('checkout', 'methods.paymob.card'), user.email);
  await page.getByRole('button', { name: ar('checkout', 'form.proceed') }).click();
  const frame = page.frameLocator(`iframe[title="${ar('checkout', 'step.cardFrame')}"]`);
  await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(frame.locator('.amount')).toHaveAttribute('dir', 'ltr');
  await expectAccessible(page);
  await keep(page, 'paymob-card-ar');
  await frame.getByRole('button', { name: 'ادفع (بطاقة تجريبية)' }).click();
  await paidInArabic(page, 'paid-paymob-ar');

  // The profile lists both orders, in Arabic.
  await page.goto('/ar/user/profile');
  await inArabic(page);
  await expect(page.getByRole('list', { name: ar('account', 'orders.yours') }).locator(':scope > li')).toHaveCount(2);
  await expectAccessible(page);
  await keep(page, 'profile-ar');

  // Each confirmation is written in Arabic, right to left, with the store's Arabic addresses.
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const confirmations = async () => {
    const letters = await Promise.all(
      (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).map(async (name) => simpleParser(fs.readFileSync(path.join(outbox, name)))),
    );
    return letters.filter((l) => l.to && JSON.stringify(l.to).includes(user.email) && /^تم تأكيد طلبك رقم/.test(l.subject ?? ''));
  };
  await expect.poll(async () => (await confirmations()).length, { timeout: 20_000 }).toBe(2);
  for (const letter of await confirmations()) {
    expect(letter.html).toContain('<html lang="ar" dir="rtl">');
    expect(letter.html).toMatch(/href="[^"]*\/ar\//);
  }
});

test.describe('a visitor from Egypt in Arabic', () => {
  test.use({ extraHTTPHeaders: EGYPT });

  test('pays with a mobile wallet: the Arabic approval page and its code', async ({ page }, testInfo) => {
    const user = aNewUser(testInfo, 'arwallet');
    await signUpInArabic(page, user);
    await checkoutInArabic(page, 10, ar('checkout', 'methods.paymob.wallet'), user.email);
    await page.getByLabel(ar('checkout', 'form.wallet')).fill('010 1234 5678');
    await page.getByRole('button', { name: ar('checkout', 'form.proceed') }).click();
    await expect(page.getByRole('heading', { name: 'تأكيد الدفع بالمحفظة' })).toBeVisible();
    await inArabic(page);
    await expectAccessible(page);
    await keep(page, 'wallet-approval-ar');
    const otp = (await page.locator('.otp').getAttribute('data-otp'))!;
    await page.getByLabel('رمز التحقق (OTP)').fill(otp);
    await page.getByRole('button', { name: 'تأكيد الدفع' }).click();
    await paidInArabic(page, 'paid-wallet-ar');
  });
});
