import { expect, test } from '@playwright/test';
import { appReady, expectAccessible, settled } from './support';

for (const query of ['endodontics', 'endodntics']) {
  test(`searching "${query}" from the navbar opens its results`, async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    const box = page.getByRole('search');
    const field = box.getByRole('searchbox');
    const submit = box.getByRole('button');
    await expect(submit).toBeDisabled();
    await field.fill('   ');
    await expect(submit).toBeDisabled();
    await field.fill(query);
    await submit.click();
    await expect(page).toHaveURL(new RegExp(`/search-page\\?q=${query}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search Results for "${query}"`);
    await expect(page.getByText(/^[1-9]\d* results found$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('article').first()).toContainText(/endodont/i);
    await expect(field).toHaveValue('');
    await settled(page);
    await expectAccessible(page);
  });
}

test('a search typed and sent before the app has taken the page over is made once it has', async ({ page }) => {
  // The app's script is held back until the shopper has typed and pressed Enter on the rendered page.
  let release = () => {};
  const shopperHasSent = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await shopperHasSent;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const field = page.getByRole('search').getByRole('searchbox');
  await field.fill('endodontics');
  await field.press('Enter');
  release();
  await expect(page).toHaveURL(/\/search-page\?q=endodontics$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for "endodontics"');
});

test('the results page without a search says so', async ({ page }) => {
  await page.goto('/search-page');
  await expect(page.getByText('No search results found')).toBeVisible();
  await expectAccessible(page);
});

test('results are paged 12 at a time', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  const box = page.getByRole('search');
  await box.getByRole('searchbox').fill('dental');
  await box.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/search-page\?q=dental$/);
  const found = Number((await page.getByText(/results found$/).textContent())!.split(' ')[0]);
  const shown = page.getByRole('list', { name: 'Search results' }).getByRole('article');
  if (found > 12) {
    await expect(shown).toHaveCount(12);
    await page.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/search-page\?q=dental&page=2$/);
    // every result is reachable: page 2 is fetched, not cut from the first 20
    await expect(shown).toHaveCount(Math.min(found - 12, 12));
  } else {
    await expect(shown).toHaveCount(found);
  }
});

test('a shared search address opens its results, and a reload shows the same', async ({ page }) => {
  await page.goto('/search-page?q=endodontics&page=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for "endodontics"');
  const shown = page.getByRole('list', { name: 'Search results' }).getByRole('heading');
  await expect(shown.first()).toContainText(/endodont/i);
  const titles = await shown.allTextContents();
  await page.reload();
  await expect(shown.first()).toContainText(/endodont/i);
  expect(await shown.allTextContents()).toEqual(titles);
  await settled(page);
  await expectAccessible(page);
});

test('an address with a blank or huge query or a page past the end shows the normal page', async ({ page }) => {
  for (const path of ['/search-page?q=', '/search-page?q=%20%20', `/search-page?q=${'a'.repeat(5000)}`]) {
    const answer = await page.goto(path);
    expect(answer!.status()).toBe(200);
    await expect(page.getByText('No search results found')).toBeVisible();
  }
  await page.goto('/search-page?q=endodontics&page=abc');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('article').first()).toBeVisible();
  await page.goto('/search-page?q=endodontics&page=99999');
  await expect(page.getByText(/^The results end on page \d+\.$/)).toBeVisible();
  await expectAccessible(page);
});
