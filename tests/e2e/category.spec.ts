import { expect, test } from '@playwright/test';
import { categoryCardTitle } from '../../core/catalog/domain/display';
import { cards, demoCatalogue, expectAccessible, isMobile, settled } from './support';

const books = demoCatalogue().filter((p) => p.category === 'books');

test('the books listing: 12 per page on mobile, 15 on desktop, titles cut at 68', async ({ page }, testInfo) => {
  const size = isMobile(testInfo) ? 12 : 15;
  await page.goto('/category/books');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
  await expect(cards(page, 'Books')).toHaveCount(size);
  await expectAccessible(page);
  // the first book with a title over 68 characters, on the page where it falls (newest first)
  const newest = [...books].sort((a, b) => Date.parse(b.createdAt ?? '') - Date.parse(a.createdAt ?? ''));
  const index = newest.findIndex((p) => p.title.length > 68);
  expect(index, 'the demo data has a long title').toBeGreaterThanOrEqual(0);
  const long = newest[index];
  await page.goto(`/category/books?page=${Math.floor(index / size) + 1}`);
  await settled(page);
  await expect(page.getByText(categoryCardTitle(long.title), { exact: true })).toBeVisible();
  expect(categoryCardTitle(long.title)).toHaveLength(68);
  await expect(page.getByText(long.title, { exact: true })).toHaveCount(0);
});

test('a subcategory lists its books', async ({ page }, testInfo) => {
  const endo = books.filter((p) => p.subcategory.includes('Endodontics'));
  await page.goto('/category/books/Endodontics');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Endodontics' })).toBeVisible();
  await expect(cards(page, 'Endodontics')).toHaveCount(Math.min(endo.length, isMobile(testInfo) ? 12 : 15));
});

test('an empty category says SORRY', async ({ page }) => {
  await page.goto('/category/books/Functional%20Therapy');
  await settled(page);
  await expect(page.getByText('SORRY')).toBeVisible();
  await expect(page.getByText('No available items in books/Functional Therapy yet')).toBeVisible();
  await expect(page.getByText('Please check back later')).toBeVisible();
  await expectAccessible(page);
});

test('courses and journals list their products', async ({ page }) => {
  await page.goto('/category/courses');
  await settled(page);
  await expect(cards(page, 'Courses').first()).toBeVisible();
  await expect(cards(page, 'Courses').first()).toContainText('Course');
  await page.goto('/category/journals');
  await settled(page);
  await expect(cards(page, 'Journals').first()).toContainText('Journal');
});

test('an unknown category or subcategory shows the 404 page', async ({ page }) => {
  for (const path of ['/category/toys', '/category/books/No%20Such%20Thing']) {
    await page.goto(path);
    await expect(page.getByText('Go to Homepage')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Homepage' })).toHaveAttribute('href', '/');
  }
});
