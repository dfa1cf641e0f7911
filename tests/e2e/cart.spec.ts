import { expect, test } from '@playwright/test';
import {
  accountLink,
  aNewUser,
  demoCatalogue,
  demoId,
  EGYPT,
  expectAccessible,
  expectCartCount,
  isMobile,
  signOutThroughNavbar,
  signUpByApi,
} from './support';
import { add, formatMoney } from '../../core/shared/money';

const catalogue = demoCatalogue();
const productOf = (n: number) => catalogue.find((p) => p._id === demoId(n))!;

test('add and remove products with the badge following', async ({ page, baseURL }, testInfo) => {
  const mobile = isMobile(testInfo);
  await signUpByApi(page, aNewUser(testInfo, 'cart'), baseURL!);
  const [one, two] = [productOf(1), productOf(2)];

  await page.goto(`/product/${one._id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added successfully to the cart.')).toBeVisible();
  // Seen where the button is: on the screen, not below the fold of a phone.
  await expect(page.getByText('Added successfully to the cart.')).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Remove from cart' })).toBeVisible();
  await expectAccessible(page);
  await expectCartCount(page, 1, mobile);

  await page.goto(`/product/${two._id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added successfully to the cart.')).toBeVisible();
  await page.goto('/user/cartPage');
  const items = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).toHaveText(formatMoney(add(one.price, two.price)));
  await expectCartCount(page, 2, mobile);
  await expectAccessible(page);

  await page.getByRole('button', { name: `Remove ${two.title}` }).click();
  await expect(items).toHaveCount(1);
  await expect(page.getByTestId('cart-total')).toHaveText(formatMoney(one.price));
  await expectCartCount(page, 1, mobile);

  await page.goto(`/product/${one._id}`);
  await page.getByRole('button', { name: 'Remove from cart' }).click();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  await expectCartCount(page, 0, mobile);
  await page.goto('/user/cartPage');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});

test('the checkout form checks its fields, then opens the payment step', async ({ page, baseURL }, testInfo) => {
  await signUpByApi(page, aNewUser(testInfo, 'pay'), baseURL!);
  await page.request.post('/api/addtocart', { data: { id: demoId(1) }, headers: { Origin: baseURL! } });
  await page.goto('/user/cartPage');
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByRole('button', { name: 'Proceed to payment' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('Please select a payment method')).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('radio', { name: 'PayPal (wallet and credit cards)' }).check();
  await expect(form.getByText('Please fill in name and email before proceeding with PayPal')).toBeVisible();
  await form.getByLabel('Name').fill('Ana Souza');
  await form.getByLabel('Email').fill('ana@example');
  await form.getByRole('button', { name: 'Proceed to payment' }).click();
  await expect(form.getByText('Invalid email format')).toBeVisible();
  await form.getByLabel('Email').fill('ana@example.com');
  await form.getByRole('button', { name: 'Proceed to payment' }).click();
  await expect(page.getByText('Test payment, no money moves')).toBeVisible();
  await expect(page.getByRole('button', { name: /PayPal \(test/ })).toBeVisible();
});

test.describe('from Egypt', () => {
  test.use({ extraHTTPHeaders: EGYPT });
  test('the cart shows prices and the total in EGP', async ({ page, baseURL }, testInfo) => {
    await signUpByApi(page, aNewUser(testInfo, 'egp'), baseURL!);
    for (const n of [1, 2]) await page.request.post('/api/addtocart', { data: { id: demoId(n) }, headers: { Origin: baseURL! } });
    await page.goto('/user/cartPage');
    const total = add(productOf(1).egpprice, productOf(2).egpprice);
    await expect(page.getByTestId('cart-total')).toHaveText(formatMoney(total));
  });
});

test('change username and password, then sign in with the new password', async ({ page, baseURL }, testInfo) => {
  const mobile = isMobile(testInfo);
  const user = aNewUser(testInfo, 'prof');
  await signUpByApi(page, user, baseURL!);
  await page.goto('/user/profile');
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  await expectAccessible(page);

  const renamed = `${user.username.slice(0, 24)}new`;
  const usernameForm = page.getByRole('form', { name: 'Change username' });
  await usernameForm.getByLabel('New username').fill('ab');
  await usernameForm.getByRole('button', { name: 'Update username' }).click();
  await expect(usernameForm.getByRole('alert')).toHaveText('Username must be at least 3 characters');
  await usernameForm.getByLabel('New username').fill(renamed);
  await usernameForm.getByRole('button', { name: 'Update username' }).click();
  await expect(usernameForm.getByRole('status')).toHaveText('Username updated successfully!');
  await expect(accountLink(page, renamed)).toBeVisible();

  const passwordForm = page.getByRole('form', { name: 'Change password' });
  await passwordForm.getByLabel('Current password').fill(user.password);
  await passwordForm.getByLabel('New password', { exact: true }).fill('Better34');
  await passwordForm.getByLabel('Repeat new password').fill('Better35');
  await passwordForm.getByRole('button', { name: 'Update password' }).click();
  await expect(passwordForm.getByRole('alert')).toHaveText('Passwords do not match');
  await passwordForm.getByLabel('Repeat new password').fill('Better34');
  await passwordForm.getByRole('button', { name: 'Update password' }).click();
  await expect(passwordForm.getByRole('status')).toHaveText('Password updated successfully!');
  await expectAccessible(page);

  await signOutThroughNavbar(page, mobile);
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/user\/login$/);
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Username or email').fill(renamed);
  await signIn.getByLabel('Password').fill('Better34');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByRole('main').getByText(renamed, { exact: true })).toBeVisible();
});
