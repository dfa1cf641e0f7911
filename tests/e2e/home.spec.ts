import { expect, test } from '@playwright/test';
import { appReady, cards, demoCatalogue, expectAccessible, isMobile, settled } from './support';
import { failOnContentPolicyRefusals } from './content-policy';

failOnContentPolicyRefusals();

const newestFirst = [...demoCatalogue()].sort((a, b) => Date.parse(b.createdAt ?? '') - Date.parse(a.createdAt ?? ''));

test('home lists the newest products, 14 per page on mobile and 15 on desktop, paged by ?page=', async ({ page }, testInfo) => {
  const size = isMobile(testInfo) ? 14 : 15;
  await page.goto('/');
  await settled(page);
  await expect(page).toHaveTitle(/Dental Library/);
  await expect(cards(page, 'Products')).toHaveCount(size);
  await expect(cards(page, 'Products').first()).toContainText(newestFirst[0].title.slice(0, 40));
  await expectAccessible(page);

  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await settled(page);
  await expect(cards(page, 'Products')).toHaveCount(size);
  await expect(cards(page, 'Products').first()).toContainText(newestFirst[size].title.slice(0, 40));
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  const lastPage = Math.ceil(newestFirst.length / size);
  await page.goto(`/?page=${lastPage}`);
  await settled(page);
  await expect(cards(page, 'Products')).toHaveCount(newestFirst.length - size * (lastPage - 1));
});

test('a card opens its product page', async ({ page }) => {
  await page.goto('/');
  await settled(page);
  await appReady(page);
  const first = newestFirst[0];
  await cards(page, 'Products').first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/product/${first._id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
});
