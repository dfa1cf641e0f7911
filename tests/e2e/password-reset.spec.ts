import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, test, type Page } from '@playwright/test';
import { aNewUser, expectAccessible, signUpByApi } from './support';

const signInForm = (page: Page) => page.getByRole('form', { name: 'Sign in' });

/** The newest letter to `to` that the store's sender wrote under its outbox folder, once it is there. */
async function newestLetterTo(to: string): Promise<{ text: string }> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let found: { text: string } | undefined;
  await expect
    .poll(
      async () => {
        const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort().reverse();
        for (const name of names) {
          const mail = await simpleParser(await fs.readFile(path.join(dir, name)));
          if (mail.to && !Array.isArray(mail.to) && mail.to.text === to) {
            found = { text: mail.text ?? '' };
            return true;
          }
        }
        return false;
      },
      { timeout: 12_000, intervals: [250] },
    )
    .toBe(true);
  return found!;
}

async function signIn(page: Page, name: string, password: string) {
  await page.goto('/user/login');
  const form = signInForm(page);
  await form.getByLabel('Username or email').fill(name);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

test('forgot password: the e-mailed link sets a new password; the old one no longer signs in', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(60_000);
  const user = aNewUser(testInfo, 'reset');
  await signUpByApi(page, user, baseURL!);
  await page.context().clearCookies();

  await page.goto('/user/login');
  await signInForm(page).getByRole('button', { name: 'Forgot Password' }).click();
  const forgot = page.getByRole('form', { name: 'Reset password' });
  await forgot.getByLabel('Email').fill(user.email.toUpperCase());
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByRole('status')).toContainText("If the email you entered is registered, we've sent you a password reset link.");

  const letter = await newestLetterTo(user.email.toLowerCase());
  const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(letter.text)?.[0];
  expect(link, letter.text).toBeTruthy();
  expect(new URL(link!).origin).toBe(new URL(baseURL!).origin);

  await page.goto(link!);
  const reset = page.getByRole('form', { name: 'Choose a new password' });
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expectAccessible(page);
  await reset.getByLabel('New password', { exact: true }).fill('short');
  await reset.getByLabel('Repeat new password').fill('short');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(reset.getByRole('alert')).toContainText('Password should be at least 6 characters');

  await reset.getByLabel('New password', { exact: true }).fill('Renewed42');
  await reset.getByLabel('Repeat new password').fill('Renewed42');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password reset successfully. You can now login with your new password.')).toBeVisible();

  // The link works once.
  await page.goto(link!);
  await page.getByRole('form', { name: 'Choose a new password' }).getByLabel('New password', { exact: true }).fill('Another42');
  await page.getByRole('form', { name: 'Choose a new password' }).getByLabel('Repeat new password').fill('Another42');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired');

  await signIn(page, user.username, user.password);
  await expect(signInForm(page).getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login$/);

  await signIn(page, user.email, 'Renewed42');
  await expect(page).not.toHaveURL(/\/user\/login$/);
});
