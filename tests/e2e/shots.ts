/**
 * Not a test: `npx tsx tests/e2e/shots.ts [baseURL]` takes screenshots of the account screens at 375
 * and 1280 px into /tmp/shots3 for a person to look at.
 */
import { chromium, type Page } from '@playwright/test';

const BASE = process.argv[2] ?? 'http://127.0.0.1:3200';
const OUT = '/tmp/shots3';
const PRODUCT = '64d0c0de0000000000000001';

async function signUp(page: Page, name: string) {
  const r = await page.request.post(`${BASE}/api/user/signup`, {
    data: { username: name, email: `${name}@example.com`, password: 'Secret12', repeatpassword: 'Secret12' },
    headers: { Origin: BASE },
  });
  if (!r.ok()) throw new Error(`sign-up failed: ${r.status()} ${await r.text()}`);
}

async function main() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: BASE });
    const page = await context.newPage();
    const shot = async (name: string, fullPage = true) => {
      await page.waitForTimeout(700);
      await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage });
    };
    await page.goto('/user/login');
    await shot('login');
    await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign in', exact: true }).click();
    await shot('login-all-fields');
    await page.goto('/user/login');
    await page.getByRole('button', { name: 'Sign up' }).first().click();
    await shot('signup');
    const signUpForm = page.getByRole('form', { name: 'Create account' });
    await signUpForm.getByLabel('Username').fill('xavier');
    await signUpForm.getByLabel('Email').fill('x@example.com');
    await signUpForm.getByLabel('Password', { exact: true }).fill('abc');
    await signUpForm.getByLabel('Repeat password').fill('abc');
    await signUpForm.getByRole('button', { name: 'Sign up' }).click();
    await shot('signup-rules');
    await page.goto('/user/login');
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await shot('forgot');
    await page.goto('/user/login?google=unavailable');
    await shot('google-unavailable');
    if (width === 1280) {
      await page.goto('/');
      await page.getByRole('button', { name: 'Hi. sign in' }).click();
      await shot('dialog', false);
      await page.getByRole('dialog').getByRole('button', { name: 'Sign up' }).click();
      await shot('dialog-signup', false);
    }
    await page.goto('/user/cartPage');
    await shot('guard-redirect');

    const name = `shot${width}${Date.now() % 100000}`;
    await signUp(page, name);
    await page.goto('/user/cartPage');
    await shot('cart-empty');
    await page.goto(`/product/${PRODUCT}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await shot('product-added', false);
    await page.goto(`/product/64d0c0de0000000000000002`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto('/user/cartPage');
    await shot('cart');
    await page.getByRole('button', { name: 'Proceed to payment' }).click();
    await shot('cart-invalid');
    await page.getByLabel('Name').fill('Ana Souza');
    await page.getByLabel('Email').fill('ana@example.com');
    await page.getByText('Credit card (Paymob)').click();
    await page.getByRole('button', { name: 'Proceed to payment' }).click();
    await shot('cart-submitted');
    await page.goto('/user/profile');
    await shot('profile');
    await page.getByLabel('New username').fill('ab');
    await page.getByRole('button', { name: 'Update username' }).click();
    await page.getByLabel('Current password').fill('Secret12');
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await page.getByLabel('Repeat new password').fill('abc');
    await page.getByRole('button', { name: 'Update password' }).click();
    await shot('profile-errors');
    if (width === 375) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await shot('side-menu', false);
      await page.getByRole('button', { name: 'Log out' }).click();
    } else {
      await page.getByRole('button', { name: 'Sign out' }).click();
    }
    await page.waitForURL('**/signout/success');
    await shot('signed-out');
    await context.close();
  }
  await browser.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
