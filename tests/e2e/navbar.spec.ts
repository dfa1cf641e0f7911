import { expect, test } from '@playwright/test';
import { BOOK_CATEGORIES } from '../../core/catalog/domain/product';
import { expectAccessible, isMobile, settled } from './support';

test('desktop: Books dropdown, links, account and cart badge', async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), 'desktop layout');
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Hi. sign in' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await expect(header.getByRole('combobox', { name: 'Language' })).toBeVisible();

  const books = header.getByRole('button', { name: 'Books' });
  await books.click();
  const categories = header.getByRole('list', { name: 'Book categories' }).getByRole('link');
  await expect(categories).toHaveText([...BOOK_CATEGORIES]);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(categories.first()).toBeHidden();
  await expect(books).toBeFocused();

  await books.click();
  await header.getByRole('link', { name: 'Endodontics', exact: true }).click();
  await expect(page).toHaveURL(/\/category\/books\/Endodontics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Endodontics' })).toBeVisible();

  for (const [name, url] of [
    ['Courses', '/category/courses'],
    ['Journals', '/category/journals'],
    ['Contact us', '/contactus'],
  ]) {
    await header.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${url}$`));
  }
});

test('mobile: Home button, sign-in link, language chooser and the side menu', async ({ page }, testInfo) => {
  test.skip(!isMobile(testInfo), 'mobile layout');
  await page.goto('/contactus');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  // The cart and its count are in the phone's bar itself, all of it on the screen.
  await expect(header.getByRole('link', { name: 'Cart, 0 items' })).toBeInViewport({ ratio: 1 });
  const language = header.getByRole('combobox', { name: 'Language' });
  // Each language in its own name; choosing one is tests/e2e/arabic.spec.ts's.
  await expect(language.locator('option')).toHaveText(['English', 'Português', 'Español', 'العربية']);
  await expect(language).toHaveValue('en');
  await header.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Hi. sign in')).toHaveCount(0);

  await header.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  for (const name of ['Courses', 'Journals', 'Contact us', 'Account & orders'])
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  await menu.getByRole('button', { name: 'Books' }).click();
  await expect(menu.getByRole('link', { name: 'All books' })).toBeVisible();
  await expectAccessible(page);
  await menu.getByRole('link', { name: 'Functional Therapy' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/category\/books\/Functional%20Therapy$/);
  await settled(page);
  await expect(page.getByText('SORRY')).toBeVisible();

  await header.getByRole('button', { name: 'Open menu' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await expect(header.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('the layout switches at 1048 px', async ({ page }) => {
  await page.setViewportSize({ width: 1048, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Hi. sign in' })).toBeVisible();
  await page.setViewportSize({ width: 1047, height: 800 });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hi. sign in' })).toHaveCount(0);
});
