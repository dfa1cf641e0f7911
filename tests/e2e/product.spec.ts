import { toDecimalString } from '../../core/shared/money';
import { expect, test } from '@playwright/test';
import { metaDescription, recommendedCardTitle, relatedCardTitle } from '../../core/catalog/domain/display';
import { cards, demoCatalogue, demoId, expectAccessible, settled } from './support';
import { failOnContentPolicyRefusals } from './content-policy';

failOnContentPolicyRefusals();

const catalogue = demoCatalogue();
const first = catalogue.find((p) => p._id === demoId(1))!;

test('the product page shows the product, its details and price', async ({ page }) => {
  await page.goto(`/product/${first._id}`);
  await settled(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
  await expect(page.locator('.product__authors')).toHaveText(`Authors: ${first.author.join(', ')}`);
  await expect(page.getByRole('img', { name: `Cover of ${first.title}` })).toBeVisible();
  const details = page.getByRole('table', { name: 'Product details' });
  await expect(details.getByRole('row', { name: /^Format/ })).toContainText(first.format.toUpperCase());
  await expect(details.getByRole('row', { name: /^Pages/ })).toContainText(String(first.Pages));
  await expect(details.getByRole('row', { name: /^Size/ })).toContainText(/\d(\.\d)? (Mb|Gb)/);
  await expect(page.getByText(`$${toDecimalString(first.price)}`).first()).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(first.title.slice(0, 30)));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', metaDescription(first.description));
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('a long description is collapsed with See more / See less', async ({ page }) => {
  await page.goto(`/product/${first._id}`);
  const text = page.getByTestId('description');
  const collapsed = await text.evaluate((el) => el.clientHeight);
  await page.getByRole('button', { name: 'See more' }).click();
  await expect(page.getByRole('button', { name: 'See less' })).toHaveAttribute('aria-expanded', 'true');
  expect(await text.evaluate((el) => el.clientHeight)).toBeGreaterThan(collapsed);
  await page.getByRole('button', { name: 'See less' }).click();
  await expect(page.getByRole('button', { name: 'See more' })).toBeVisible();
});

test('related products: 4 cards of the same type with titles cut at 50', async ({ page }) => {
  await page.goto(`/product/${first._id}`);
  const related = cards(page, 'Related Products');
  await expect(related).toHaveCount(4);
  for (const title of await related.getByRole('heading').allTextContents()) {
    expect(title.length).toBeLessThanOrEqual(53);
    const product = catalogue.find((p) => relatedCardTitle(p.title) === title);
    expect(product?.category, title).toBe(first.category);
    expect(product?._id).not.toBe(first._id);
  }
});

test('the recommended grid pages with ?page= and opens products', async ({ page }) => {
  await page.goto(`/product/${first._id}`);
  const grid = cards(page, 'Recommended products');
  await expect(grid.first()).toBeVisible();
  const firstPage = await grid.getByRole('heading').allTextContents();
  for (const title of firstPage) expect(catalogue.some((p) => recommendedCardTitle(p.title) === title), title).toBe(true);
  await page.getByRole('navigation', { name: 'Recommended pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => grid.getByRole('heading').allTextContents()).not.toEqual(firstPage);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);

  const target = grid.first();
  const title = await target.getByRole('heading').textContent();
  await target.getByRole('link').click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f]{24}$/);
  const opened = catalogue.find((p) => recommendedCardTitle(p.title) === title)!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(opened.title);
});

test('an unknown product says it could not be found', async ({ page }) => {
  await page.goto(`/product/${demoId(99999)}`);
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  await expect(page.getByText('The requested product could not be found.')).toBeVisible();
  await expectAccessible(page);
});
