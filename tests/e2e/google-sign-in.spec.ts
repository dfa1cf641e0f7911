import { expect, test } from '@playwright/test';
import { accountLink, aNewUser, demoId, expectAccessible, isMobile } from './support';

/**
 * Sign-in with Google as a new shopper does it on `npm start` with no configuration: through the
 * store's own emulated provider, from a product page and back to it, signed in.
 */
test('from a product page, Continue with Google signs in and comes back to the product', async ({ page }, testInfo) => {
  const person = aNewUser(testInfo, 'google');
  const name = person.username.slice(0, 20);
  const product = `/product/${demoId(3)}`;
  await page.goto(product);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  if (isMobile(testInfo)) {
    await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/login$/);
    await page.getByRole('form', { name: 'Sign in' }).getByRole('link', { name: 'Continue with Google' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Hi. sign in' }).click();
    await page.getByRole('dialog', { name: 'Sign in' }).getByRole('link', { name: 'Continue with Google' }).click();
  }

  await expect(page.getByRole('heading', { name: 'Sign in with Google (test)' })).toBeVisible();
  await expect(page.getByText('local test sign-in, no Google account is used')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(person.email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(new RegExp(`${product}$`));
  await expect(accountLink(page, name)).toBeVisible();
});

test('an address Google has not verified opens no account, and the page says why', async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), 'the same page as on desktop');
  await page.goto('/user/login');
  await page.getByRole('form', { name: 'Sign in' }).getByRole('link', { name: 'Continue with Google' }).click();
  await page.getByLabel('E-mail', { exact: true }).fill(aNewUser(testInfo, 'unverified').email);
  await page.getByLabel('Google has verified this e-mail address').uncheck();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/user\/login\?google=unverified$/);
  await expect(page.getByRole('alert')).toContainText('Google has not verified this e-mail address');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Hi. sign in' })).toBeVisible();
  await expectAccessible(page);
});
