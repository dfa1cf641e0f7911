import { expect, test, type Page } from '@playwright/test';
import { passwordProblems } from '../../core/identity/domain/password-policy';
import {
  accountLink,
  aNewUser,
  demoId,
  expectAccessible,
  isMobile,
  signOutThroughNavbar,
  signUpByApi,
  type NewUser,
} from './support';

const signUpForm = (page: Page) => page.getByRole('form', { name: 'Create account' });
const signInForm = (page: Page) => page.getByRole('form', { name: 'Sign in' });

async function openSignUp(page: Page) {
  await page.goto('/user/login');
  await signInForm(page).getByRole('button', { name: 'Sign up' }).click();
  await expect(signUpForm(page)).toBeVisible();
}

async function fillSignUp(page: Page, values: { username: string; email: string; password: string; repeat: string }) {
  const form = signUpForm(page);
  await form.getByLabel('Username').fill(values.username);
  await form.getByLabel('Email').fill(values.email);
  await form.getByLabel('Password', { exact: true }).fill(values.password);
  await form.getByLabel('Repeat password').fill(values.repeat);
}

async function signIn(page: Page, usernameOrEmail: string, password: string) {
  const form = signInForm(page);
  await form.getByLabel('Username or email').fill(usernameOrEmail);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

test('sign-up: each invalid form shows its message', async ({ page, baseURL }, testInfo) => {
  const taken = aNewUser(testInfo, 'taken');
  await signUpByApi(page, taken, baseURL!);
  await page.context().clearCookies();

  await openSignUp(page);
  await expectAccessible(page);
  const submit = signUpForm(page).getByRole('button', { name: 'Sign up' });
  if (isMobile(testInfo)) {
    await submit.click();
    await expect(signUpForm(page).getByRole('alert')).toHaveText('All fields must be filled');
  } else {
    await expect(submit).toBeDisabled();
  }

  const fresh = aNewUser(testInfo, 'bad');
  await fillSignUp(page, { username: fresh.username, email: fresh.email, password: 'Secret12', repeat: 'Secret13' });
  await submit.click();
  await expect(signUpForm(page).getByRole('alert')).toHaveText('Passwords do not match');

  await fillSignUp(page, { username: fresh.username, email: fresh.email, password: 'weak pw', repeat: 'weak pw' });
  await submit.click();
  const rules = signUpForm(page).getByRole('alert').getByRole('listitem');
  await expect(rules).toHaveText(passwordProblems('weak pw'));
  await expectAccessible(page);

  await fillSignUp(page, { username: taken.username, email: fresh.email, password: 'Secret12', repeat: 'Secret12' });
  await submit.click();
  await expect(signUpForm(page).getByRole('alert')).toHaveText('This username or email is already registered');
});

test('sign up, sign out, then sign in by username and by e-mail', async ({ page }, testInfo) => {
  const mobile = isMobile(testInfo);
  const user = aNewUser(testInfo, 'cycle');
  await openSignUp(page);
  await fillSignUp(page, { username: user.username, email: user.email, password: user.password, repeat: user.password });
  await signUpForm(page).getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Signed up successfully! You can now sign in.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 6_000 });
  await expect(accountLink(page, user.username)).toHaveAttribute('href', '/user/profile');

  await signOutThroughNavbar(page, mobile);
  await expectAccessible(page);
  await expect(accountLink(page, user.username)).toHaveCount(0);

  await page.goto('/user/login');
  await signIn(page, user.username, user.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(accountLink(page, user.username)).toBeVisible();
  expect(await page.evaluate(() => [sessionStorage.getItem('user'), localStorage.getItem('user')])).toEqual([
    user.username,
    user.username,
  ]);

  await signOutThroughNavbar(page, mobile);
  expect(await page.evaluate(() => [sessionStorage.getItem('user'), localStorage.getItem('user')])).toEqual([null, null]);
  await page.goto('/user/login');
  await signIn(page, user.email.toUpperCase(), user.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(accountLink(page, user.username)).toBeVisible();
});

test('a wrong password is refused with the server message', async ({ page, baseURL }, testInfo) => {
  const user = aNewUser(testInfo, 'wrong');
  await signUpByApi(page, user, baseURL!);
  await page.context().clearCookies();
  await page.goto('/user/login');
  await expectAccessible(page);
  await signIn(page, user.username, 'Wrong123');
  await expect(signInForm(page).getByRole('alert')).toHaveText('Email/Username or password is wrong');
  await expect(page).toHaveURL(/\/user\/login$/);
});

test('the cart sends a signed-out visitor to sign in and back again', async ({ page, baseURL }, testInfo) => {
  const user = aNewUser(testInfo, 'guard');
  await signUpByApi(page, user, baseURL!);
  await page.context().clearCookies();
  await page.goto('/user/cartPage');
  await expect(page).toHaveURL(/\/user\/login$/);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/user\/cartPage$/);
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByText('Add some items to your cart to continue shopping.')).toBeVisible();
  await expectAccessible(page);
});

test('forgot password: the view explains itself and gives the neutral answer', async ({ page }) => {
  await page.goto('/user/login');
  await signInForm(page).getByRole('button', { name: 'Forgot Password' }).click();
  const form = page.getByRole('form', { name: 'Reset password' });
  await expect(form.getByText("Enter your email address and we'll send you a link to reset your password.")).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  expect(await form.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await form.getByLabel('Email').fill('someone@example.com');
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expect(form.getByRole('status')).toContainText("If the email you entered is registered, we've sent you a password reset link.");
  await form.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(signInForm(page)).toBeVisible();
});

test('desktop: the navbar dialog creates an account and welcomes the user', async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), 'the dialog is the desktop navbar');
  const user: NewUser = aNewUser(testInfo, 'dialog');
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Hi. sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog.getByLabel('Username or email')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  const create = page.getByRole('dialog', { name: 'Create account' });
  await create.getByLabel('Username').fill(user.username);
  await create.getByLabel('Email').fill(user.email);
  await create.getByLabel('Password', { exact: true }).fill(user.password);
  await create.getByLabel('Repeat password').fill(user.password);
  await create.getByRole('button', { name: 'Sign up' }).click();
  await expect(create.getByText('Account created successfully! Welcome!')).toBeVisible();
  await expect(create).toBeHidden({ timeout: 6_000 });
  await expect(accountLink(page, user.username)).toBeVisible();
  await expect(accountLink(page, user.username)).toBeFocused();
});

test('mobile: the sign-in link goes to the page and back', async ({ page, baseURL }, testInfo) => {
  test.skip(!isMobile(testInfo), 'mobile navbar');
  const user = aNewUser(testInfo, 'mlink');
  await signUpByApi(page, user, baseURL!);
  await page.context().clearCookies();
  await page.goto('/contactus');
  // tapped maybe before the app has taken the page over: the way back is in the link's address
  await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/user/login?from=%2Fcontactus');
  await signIn(page, user.username, user.password);
  await expect(page).toHaveURL(/\/contactus$/);
  await expect(accountLink(page, user.username)).toBeVisible();
});

test('the sign-in page stacks at 768 px and slides above it', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto('/user/login');
  await expect(page.locator('.auth-stack')).toBeVisible();
  await expect(page.locator('.auth-slider')).toHaveCount(0);
  await page.setViewportSize({ width: 1000, height: 900 });
  await expect(page.locator('.auth-slider')).toBeVisible();
  await page.getByRole('button', { name: 'Sign up' }).first().click();
  await expect(page.locator('.auth-slider--signup')).toBeVisible();
  await expect(signUpForm(page).getByLabel('Username')).toBeFocused();
  await expectAccessible(page);
});

test('a product page remembers the visitor through sign-in', async ({ page, baseURL }, testInfo) => {
  const user = aNewUser(testInfo, 'origin');
  await signUpByApi(page, user, baseURL!);
  await page.context().clearCookies();
  await page.goto(`/product/${demoId(3)}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await signIn(page, user.username, user.password);
  await expect(page).toHaveURL(new RegExp(`/product/${demoId(3)}$`));
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
});
