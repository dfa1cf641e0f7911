import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from './support';

for (const query of ['endodontics', 'endodntics']) {
  test(`searching "${query}" from the navbar opens its results`, async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('search');
    const field = box.getByRole('searchbox');
    const submit = box.getByRole('button');
    await expect(submit).toBeDisabled();
    await field.fill('   ');
    await expect(submit).toBeDisabled();
    await field.fill(query);
    await submit.click();
    await expect(page).toHaveURL(/\/search-page$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search Results for "${query}"`);
    await expect(page.getByText(/^[1-9]\d* results found$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('article').first()).toContainText(/endodont/i);
    await expect(field).toHaveValue('');
    await settled(page);
    await expectAccessible(page);
  });
}

test('the results page without a search says so', async ({ page }) => {
  await page.goto('/search-page');
  await expect(page.getByText('No search results found')).toBeVisible();
  await expectAccessible(page);
});

test('results are paged 12 at a time', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('search');
  await box.getByRole('searchbox').fill('dental');
  await box.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/search-page$/);
  const found = Number((await page.getByText(/results found$/).textContent())!.split(' ')[0]);
  const shown = page.getByRole('list', { name: 'Search results' }).getByRole('article');
  if (found > 12) {
    await expect(shown).toHaveCount(12);
    await page.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/search-page\?page=2$/);
    await expect(shown).toHaveCount(Math.min(found, 20) - 12);
  } else {
    await expect(shown).toHaveCount(found);
  }
});
