import { expect, type Page, test } from '@playwright/test';
import { appReady, demoCatalogue, expectAccessible, isMobile } from './support';
import { failOnContentPolicyRefusals } from './content-policy';

failOnContentPolicyRefusals();

/**
 * The store in Arabic (issue 20): chosen on the bar, the whole page mirrored, Arabic product text
 * and Arabic search, accessible, at 375 and 1280 px. Each page's screenshot is kept with the run.
 */
const withArabic = demoCatalogue().find((p) => p.arabicTitle)!;
const inArabic = (page: Page) => expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
const settledAr = (page: Page) => expect(page.locator('main .skeleton')).toHaveCount(0);
/** Kept in the run's results (test-results/), to be looked at, and attached to the report. */
const keep = async (page: Page, name: string) => {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path });
  await test.info().attach(name, { path, contentType: 'image/png' });
};

test('a new visitor switches to Arabic on the bar and browses the mirrored store', async ({ page }, testInfo) => {
  await page.goto('/');
  await appReady(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  await expect(page).toHaveURL(/\/ar$/);
  await inArabic(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 2, name: 'الجديد في المكتبة' })).toBeVisible();
  await settledAr(page);
  // Mirrored: the brand sits at the right edge of the bar, the cart at the left.
  const width = page.viewportSize()!.width;
  const brand = (await page.locator('.navbar .brand').boundingBox())!;
  const cart = (await page.locator('.navbar .nav-cart').boundingBox())!;
  expect(cart.x).toBeLessThan(brand.x);
  expect(isMobile(testInfo) ? brand.x : brand.x + brand.width).toBeGreaterThan(width / 3);
  await expectAccessible(page);
  await keep(page, 'home-ar');

  // The choice is kept: an English address opens in Arabic.
  await page.goto('/category/books');
  await expect(page).toHaveURL(/\/ar\/category\/books$/);
  await expect(page.getByRole('heading', { level: 1, name: 'الكتب' })).toBeVisible();
  await settledAr(page);
  await expectAccessible(page);
  await keep(page, 'books-ar');
});

test('a product with Arabic text shows it on its Arabic page, the price left to right', async ({ page }) => {
  await page.goto(`/ar/product/${withArabic._id}`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(withArabic.arabicTitle!);
  await expect(title).toHaveAttribute('lang', 'ar');
  await expect(page.locator('.product__price .price')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('button', { name: 'أضف إلى السلة' })).toBeVisible();
  await expectAccessible(page);
  await keep(page, 'product-ar');
});

test('an Arabic search finds the product with or without diacritics, and an unknown page is the Arabic 404', async ({ page }) => {
  for (const query of ['زراعة الاسنان', 'زِرَاعَةُ الأَسْنَانِ']) {
    await page.goto('/ar');
    await appReady(page);
    const box = page.getByRole('search').getByRole('searchbox');
    await box.fill(query);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/ar\/search-page/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(query);
    await expect(page.getByRole('heading', { level: 2, name: 'زراعة الأسنان المعاصرة: البروتوكولات الجراحية والتعويضية' })).toBeVisible();
  }
  await expectAccessible(page);
  await keep(page, 'search-ar');
  await page.goto('/ar/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeVisible();
  await expectAccessible(page);
});

test('Portuguese and Spanish pages speak their language', async ({ page }) => {
  await page.goto('/pt/category/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Cursos' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await keep(page, 'courses-pt');
  await page.goto('/es/category/journals');
  await expect(page.getByRole('heading', { level: 1, name: 'Revistas' })).toBeVisible();
  await expectAccessible(page);
  await keep(page, 'journals-es');
  // Back to English through the chooser: the spec's address again.
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(page).toHaveURL(/\/category\/journals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Journals' })).toBeVisible();
});
