import { expect, test } from '@playwright/test';
import { accountLink, aNewUser, demoId, expectAccessible, isMobile, signInByApi, signUpByApi } from './support';

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
    // tapped maybe before the app has taken the page over: the way back is in the link's address
    await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`/user/login?from=${encodeURIComponent(product)}`);
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

test("Google never opens a password account; its owner connects Google from the profile, then signs in with it", async ({ page, baseURL }, testInfo) => {
  const owner = aNewUser(testInfo, 'connect');
  await signUpByApi(page, owner, baseURL!);
  await page.context().clearCookies();

  // Anyone may type any address on the emulated Google's page: the owner's opens nothing.
  await page.goto('/user/login');
  await page.getByRole('form', { name: 'Sign in' }).getByRole('link', { name: 'Continue with Google' }).click();
  await page.getByLabel('E-mail', { exact: true }).fill(owner.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/user\/login\?google=has-password$/);
  await expect(page.getByRole('alert')).toContainText('Sign in with your password, then connect Google from your profile.');
  await expectAccessible(page);

  await signInByApi(page, owner, baseURL!);
  await page.goto('/user/profile');
  const connect = page.getByRole('form', { name: 'Connect Google' });
  await connect.getByLabel('Your password').fill(owner.password);
  await connect.getByRole('button', { name: 'Connect Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Google (test)' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Owner at Google');
  await page.getByLabel('E-mail', { exact: true }).fill(`google.${owner.email}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/user\/profile\?google=connected$/);
  await expect(page.getByText('Google is connected: you can now sign in with it as well as with your password.')).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('profile-google-connected.png'), fullPage: true });

  await page.context().clearCookies();
  await page.goto('/user/login');
  await page.getByRole('form', { name: 'Sign in' }).getByRole('link', { name: 'Continue with Google' }).click();
  await page.getByLabel('E-mail', { exact: true }).fill(`google.${owner.email}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(accountLink(page, owner.username)).toBeVisible();
});
