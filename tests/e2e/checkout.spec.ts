import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatMoney, isFree } from '../../core/shared/money';
import { aNewUser, demoCatalogue, demoId, EGYPT, expectAccessible, ordersOnceCopiesAreMade, signUpByApi } from './support';
import { failOnContentPolicyRefusals } from './content-policy';

failOnContentPolicyRefusals();

/**
 * Buying as a new user would on `npm start` with no configuration: both providers through their
 * local emulators (approve and decline), a free product, a whole cart; then the result pages, the
 * order and its download in the profile, and the confirmation in the outbox folder.
 */
const catalogue = demoCatalogue();
const priced = (n: number) => catalogue.find((p) => p._id === demoId(n))!;
const free = catalogue.find((p) => isFree(p.price))!;

const fillForm = async (page: Page, method: 'PayPal (wallet and credit cards)' | 'Credit card (Paymob)', email = 'hana@mail.test') => {
  await page.getByLabel('Name').fill('Hana Adel');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: 'Proceed to payment' }).click();
  await expect(page.getByText('Test payment, no money moves')).toBeVisible();
};

const buyNow = async (page: Page, n: number) => {
  await page.goto(`/product/${demoId(n)}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${demoId(n)}$`));
  await expect(page.getByRole('heading', { name: priced(n).title })).toBeVisible();
};

const payPal = (page: Page) => page.getByRole('button', { name: /PayPal \(test/ });
const paymobFrame = (page: Page) => page.frameLocator('iframe[title="Card payment (Paymob)"]');

test('Buy now with PayPal: declined, then approved; the order and its download in the profile; one confirmation', async ({ page, baseURL }, testInfo) => {
  // The buyer's own stamped copy is made by a background job: on a loaded machine it takes seconds.
  test.setTimeout(60_000);
  const user = aNewUser(testInfo, 'paypal');
  await signUpByApi(page, user, baseURL!);
  await buyNow(page, 5);
  // The confirmation goes to the address of the form.
  await fillForm(page, 'PayPal (wallet and credit cards)', user.email);
  await expectAccessible(page);

  await payPal(page).click();
  await page.getByRole('button', { name: 'Decline card' }).click();
  // The card is declined: PayPal's window opens again for another one.
  await expect(page.getByText('Payment was declined. Please try another payment method.')).toBeVisible();
  await page.getByRole('button', { name: 'Approve payment' }).click();

  await expect(page).toHaveURL(/\/Paymentsuccess$/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'View orders' }).click();
  await expect(page).toHaveURL(/\/user\/profile/);
  // The demo product's own file, as the buyer's own stamped copy (a job makes it after payment):
  // a fresh link for this buyer, followed by the browser.
  await ordersOnceCopiesAreMade(page, '/user/profile');
  const order = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').first();
  const file = order.getByRole('button', { name: /^Download .+\.(pdf|epub)$/ });
  const [download] = await Promise.all([page.waitForEvent('download'), file.click()]);
  const bytes = fs.readFileSync((await download.path())!);
  expect(['%PDF-', 'PK\u0003\u0004']).toContain(bytes.subarray(0, bytes[0] === 0x25 ? 5 : 4).toString('latin1'));
  await expectAccessible(page);

  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const lettersTo = (subject: RegExp) => () =>
    fs.existsSync(outbox)
      ? fs.readdirSync(outbox).filter((f) => {
          const letter = fs.readFileSync(path.join(outbox, f), 'utf8');
          return letter.includes(user.email) && subject.test(letter);
        }).length
      : 0;
  await expect.poll(lettersTo(/^Subject: .*order \w+ confirmed/m), { timeout: 15_000 }).toBe(1);
  // Then one more, once: the buyer's own stamped copies are ready.
  await expect.poll(lettersTo(/^Subject: .*are ready/m), { timeout: 15_000 }).toBe(1);
});

test('Buy now with Paymob: the card page in the frame, paid; a declined card ends on the failure page', async ({ page, baseURL }, testInfo) => {
  await signUpByApi(page, aNewUser(testInfo, 'paymob'), baseURL!);
  await buyNow(page, 6);
  await fillForm(page, 'Credit card (Paymob)');
  const frame = page.locator('iframe[title="Card payment (Paymob)"]');
  await expect(frame).toHaveAttribute('height', testInfo.project.name === 'mobile' ? '600' : '550');
  await expectAccessible(page);
  await paymobFrame(page).getByRole('button', { name: 'Pay (test card)' }).click();
  await expect(page).toHaveURL(/\/Paymentsuccess$/);

  await buyNow(page, 7);
  await fillForm(page, 'Credit card (Paymob)');
  await paymobFrame(page).getByRole('button', { name: 'Decline (test card)' }).click();
  await expect(page).toHaveURL(/\/PaymentFailed$/);
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(page.getByText('Your card was not charged for this transaction')).toBeVisible();
  await expectAccessible(page);
});

test('a free product is had at once; a whole cart is paid in one order', async ({ page, baseURL }, testInfo) => {
  await signUpByApi(page, aNewUser(testInfo, 'free'), baseURL!);
  await page.goto(`/product/${free._id}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await page.getByLabel('Name').fill('Hana Adel');
  await page.getByLabel('Email').fill('hana@mail.test');
  await page.getByRole('button', { name: 'Get it now' }).click();
  await expect(page).toHaveURL(/\/Paymentsuccess$/);

  for (const n of [8, 9]) await page.request.post('/api/addtocart', { data: { id: demoId(n) }, headers: { Origin: baseURL! } });
  await page.goto('/user/cartPage');
  await fillForm(page, 'Credit card (Paymob)');
  await paymobFrame(page).getByRole('button', { name: 'Pay (test card)' }).click();
  await expect(page).toHaveURL(/\/Paymentsuccess$/);

  const profile = await page.request.get('/api/user/profiledata');
  const { orders } = (await profile.json()).userData;
  expect(orders.map((o: { status: string; products: unknown[] }) => [o.status, o.products.length])).toEqual([
    ['paid', 2],
    ['paid', 1],
  ]);
});

test('Buy now loaded first has its own styles: the payment method choices are bordered boxes', async ({ page, baseURL }, testInfo) => {
  await signUpByApi(page, aNewUser(testInfo, 'styles'), baseURL!);
  // A fresh load of the checkout page, no other page before it: its stylesheet must come with it.
  await page.goto(`/checkout/${demoId(5)}`);
  const choice = page.locator('label', { has: page.getByRole('radio', { name: 'Credit card (Paymob)' }) });
  await expect(choice).toBeVisible();
  const style = await choice.evaluate((label) => {
    const box = getComputedStyle(label);
    return { display: box.display, border: box.borderTopStyle, minHeight: box.minHeight };
  });
  expect(style).toEqual({ display: 'flex', border: 'solid', minHeight: '48px' });
});

/**
 * A visitor from Egypt pays the ways Egypt pays (issue 18), through the emulated Paymob: a mobile
 * wallet approved by its OTP, and cash at a kiosk against a reference, paid later through the
 * emulator's kiosk page. Each form says what will be charged, in EGP, before the buyer commits.
 */
test.describe('a visitor from Egypt', () => {
  test.use({ extraHTTPHeaders: EGYPT });

  const egp = (n: number) => formatMoney(priced(n).egpprice);
  const WALLET = 'Mobile wallet (Vodafone Cash, Orange Cash, e& money, WE Pay)';
  const KIOSK = 'Cash at an Aman or Masary kiosk';

  const choose = async (page: Page, method: string, n: number) => {
    await page.goto(`/checkout/${demoId(n)}`);
    await expect(page.getByRole('region', { name: 'Order details' }).getByRole('heading', { name: priced(n).title })).toBeVisible();
    await page.getByLabel('Name').fill('Hana Adel');
    await page.getByLabel('Email').fill('hana@mail.test');
    // Egypt's own methods come first for a visitor in Egypt.
    await expect(page.getByRole('radio').first()).toHaveAccessibleName(WALLET);
    await page.getByRole('radio', { name: method }).check();
    await expect(page.getByTestId('form-charge')).toHaveText(`You will be charged ${egp(n)} by Paymob`);
  };

  const ordersOf = async (page: Page): Promise<{ status: string; products: { _id: string }[] }[]> =>
    (await (await page.request.get('/api/user/profiledata')).json()).userData.orders;

  test('pays with a mobile wallet: its number, then the approval page and its OTP; the order is paid', async ({ page, baseURL }, testInfo) => {
    await signUpByApi(page, aNewUser(testInfo, 'wallet'), baseURL!);
    await choose(page, WALLET, 10);
    const phone = page.getByLabel('Wallet mobile number');
    await phone.fill('12345');
    await page.getByRole('button', { name: 'Proceed to payment' }).click();
    await expect(page.getByText(/Enter the mobile number of your wallet/)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('wallet-form.png'), fullPage: true });

    await phone.fill('010 1234 5678');
    await page.getByRole('button', { name: 'Proceed to payment' }).click();
    await expect(page.getByRole('heading', { name: 'Approve the wallet payment' })).toBeVisible();
    const otp = (await page.locator('.otp').getAttribute('data-otp'))!;
    await page.getByLabel('Verification code (OTP)').fill(otp);
    await page.getByRole('button', { name: 'Confirm payment' }).click();

    await expect(page).toHaveURL(/\/Paymentsuccess$/);
    await expect(page.getByText(/Order #/)).toContainText(egp(10));
    await expect.poll(async () => (await ordersOf(page)).map((o) => [o.status, o.products[0]?._id])).toEqual([['paid', demoId(10)]]);
  });

  test('pays cash at a kiosk: the reference now, paid later through the kiosk; the order is paid in the profile', async ({ page, baseURL }, testInfo) => {
    await signUpByApi(page, aNewUser(testInfo, 'kiosk'), baseURL!);
    await choose(page, KIOSK, 11);
    await page.getByRole('button', { name: 'Proceed to payment' }).click();

    const panel = page.getByRole('region', { name: 'Pay at Aman or Masary kiosk' });
    const reference = (await panel.getByRole('status', { name: 'Reference number' }).textContent())!.trim();
    expect(reference).toMatch(/^\d+$/);
    await expect(panel.getByTestId('offline-amount')).toHaveText(egp(11));
    await expect(panel.getByText('Pay before')).toBeVisible();
    await expect(page.getByText('Test payment, no money moves')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('kiosk-reference.png'), fullPage: true });
    expect((await ordersOf(page)).map((o) => o.status)).toEqual(['pending']);

    // The order waits in the profile with the same reference.
    await panel.getByRole('link', { name: 'View orders' }).click();
    await expect(page).toHaveURL(/\/user\/profile/);
    const orders = page.getByRole('button', { name: 'Orders' });
    if ((await orders.getAttribute('aria-expanded')) !== 'true') await orders.click();
    await expect(page.getByRole('list', { name: 'Waiting for your payment' }).getByRole('listitem').first()).toContainText(reference);

    // Later, at the kiosk: the emulator's control marks the reference paid.
    await page.goto('/emulator/paymob/kiosk');
    await page.getByRole('button', { name: `Mark ${reference} paid` }).click();
    await expect.poll(async () => (await ordersOf(page)).map((o) => o.status)).toEqual(['paid']);

    await page.goto('/user/profile');
    const toggle = page.getByRole('button', { name: 'Orders' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const order = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').first();
    await expect(order).toContainText(priced(11).title);
    await expect(order).toContainText('paid');
  });
});
