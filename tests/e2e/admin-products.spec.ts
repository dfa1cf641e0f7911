import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ADMIN, expectAccessible, signInByApi } from './support';
import { failOnContentPolicyRefusals } from './content-policy';

failOnContentPolicyRefusals();

/**
 * Issue 21 in Chromium, at 1280 and 375 px: the admin finds a product in the products table by part
 * of its author, edits it from the table, duplicates it, deletes the copy after the confirmation,
 * and previews then applies Update Prices. Screenshots of each step go to the test's output.
 */

const stamp = (testInfo: TestInfo) => `${testInfo.project.name.replace(/\W/g, '')}${Date.now().toString(36)}`;
const banner = (page: Page) => page.locator('.editor-banners');
const shot = (page: Page, testInfo: TestInfo, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

/** A product made through the spec's addnew call, as the create dialog sends it. */
async function aProductByApi(page: Page, baseURL: string, title: string, author: string): Promise<string> {
  const response = await page.request.post('/api/backendproduct/addnew', {
    headers: { Origin: baseURL },
    multipart: {
      title,
      'author[]': author,
      description: 'Made by the browser tests of the products table.',
      price: '20',
      egpprice: '700',
      category: 'books',
      'subcategory[]': 'Endodontics',
      size: '12',
      Pages: '140',
      Language: 'English',
      format: 'pdf',
      'covers[]': '/covers/admin-e2e.svg',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('finds a product by part of its author, edits and duplicates it from the table, deletes the copy after asking, and previews then applies Update Prices', async ({ page, baseURL }, testInfo) => {
  // one long flow of five screens, with two confirmations and an accessibility check on each
  test.setTimeout(90_000);
  const mark = stamp(testInfo);
  const author = `Zawadi Mwangi${mark}`;
  const title = `Table Atlas ${mark}`;
  await signInByApi(page, ADMIN, baseURL!);
  await aProductByApi(page, baseURL!, title, author);

  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
  const table = page.getByRole('region', { name: 'All products' });
  // part of a word of the author, in another case
  await table.getByRole('searchbox', { name: 'Search by title or author' }).fill(`WADI MWANGI${mark}`.toLowerCase());
  await expect(table.getByText('1 product', { exact: true })).toBeVisible();
  await expect(table.getByText(title, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, '1-found-by-author');

  // edit from the table: the spec's edit dialog, filled
  await table.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  const titleBox = dialog.getByRole('textbox', { name: 'Title', exact: true });
  await expect(titleBox).toHaveValue(title);
  await shot(page, testInfo, '2-edit-dialog-filled');
  await titleBox.fill(`${title} Revised`);
  await dialog.getByRole('button', { name: 'Update Product' }).click();
  await expect(dialog).toBeHidden();
  await expect(banner(page)).toContainText('Product updated successfully!');
  await expect(table.getByText(`${title} Revised`, { exact: true })).toBeVisible();

  // duplicate: a new product, marked as a copy
  await table.getByRole('button', { name: `Duplicate ${title} Revised`, exact: true }).click();
  await expect(banner(page)).toContainText('Duplicated');
  const copy = `${title} Revised (copy)`;
  await expect(table.getByText(copy, { exact: true })).toBeVisible();
  await expect(table.getByText('2 products', { exact: true })).toBeVisible();
  await shot(page, testInfo, '3-duplicated');

  // delete asks first, naming the product; Cancel keeps it
  await table.getByRole('button', { name: `Delete ${copy}`, exact: true }).click();
  let asked = page.getByRole('dialog', { name: 'Delete this product?' });
  await expect(asked.getByText(`“${copy}” leaves the shop`, { exact: false })).toBeVisible();
  await asked.getByRole('button', { name: 'Cancel' }).click();
  await expect(asked).toBeHidden();
  await expect(table.getByText(copy, { exact: true })).toBeVisible();
  await table.getByRole('button', { name: `Delete ${copy}`, exact: true }).click();
  asked = page.getByRole('dialog', { name: 'Delete this product?' });
  await expectAccessible(page);
  await shot(page, testInfo, '4-delete-confirmation');
  await asked.getByRole('button', { name: `Delete “${copy}”` }).click();
  await expect(banner(page)).toContainText('Product deleted successfully');
  await expect(table.getByText(copy, { exact: true })).toBeHidden();
  await expect(table.getByText('1 product', { exact: true })).toBeVisible();

  // Update Prices, on the spec's suite: first what it will do, then, on confirm, done
  await page.goto('/productEditor');
  await page.getByRole('button', { name: 'Update Prices', exact: true }).click();
  const reprice = page.getByRole('dialog', { name: 'Update EGP prices?' });
  await expect(reprice.getByText(/^Rate: [\d.]+ EGP per USD\.$/)).toBeVisible();
  await expect(reprice.getByText(/products? gets? (its|their) EGP price from (its|their) USD price\./)).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, '5-update-prices-preview');
  await reprice.getByRole('button', { name: 'Update Prices', exact: true }).click();
  await expect(reprice).toBeHidden();
  await expect(banner(page)).toContainText('updated successfully');
  await shot(page, testInfo, '6-prices-updated');
});
