import { expect, test } from '@playwright/test';
import { failOnContentPolicyRefusals } from './content-policy';
import { ADMIN, aNewUser, expectAccessible, signInByApi, signUpByApi, createFreeBook } from './support';

failOnContentPolicyRefusals();

/**
 * Issue 21's "done when", orders part, in Chromium at 375 and 1280 px: the admin finds an order by
 * the buyer's e-mail, opens its timeline, and exports the list as CSV.
 */
test("the admin finds an order by the buyer's e-mail, opens its timeline and exports the list", async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const title = `Search Atlas ${testInfo.project.name} ${Date.now().toString(36)}`;

  // A free product, made in the editor as the owner makes one.
  await signInByApi(page, ADMIN, baseURL!);
  const id = await createFreeBook(page, title, 'An atlas for the search test.');

  // A buyer, in a browser of their own, takes it.
  const context = await browser.newContext({ viewport: page.viewportSize()!, baseURL });
  const shopper = await context.newPage();
  const buyer = aNewUser(testInfo, 'find');
  await signUpByApi(shopper, buyer, baseURL!);
  await shopper.goto(`/product/${id}`);
  await shopper.getByRole('button', { name: 'Buy now' }).click();
  await shopper.getByLabel('Name').fill('Hana Adel');
  await shopper.getByLabel('Email').fill(buyer.email);
  await shopper.getByRole('button', { name: 'Get it now' }).click();
  await expect(shopper).toHaveURL(/\/Paymentsuccess$/);
  await context.close();

  // The admin searches Customer Orders by the buyer's e-mail, and only that order shows.
  await page.goto('/Allusers/orders');
  const search = page.getByRole('search', { name: 'Search orders' });
  await search.getByLabel('Order number, e-mail or product').fill(buyer.email);
  await search.getByLabel('Status').selectOption({ label: 'Paid' });
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByText('1 order', { exact: true })).toBeVisible();
  const order = page.getByRole('listitem').filter({ hasText: title }).first();
  await expect(order).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('orders-found.png'), fullPage: true });

  // The export is the list the filters show: a CSV with that order, streamed by the store.
  const [download] = await Promise.all([page.waitForEvent('download'), search.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('orders.csv');
  const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(buyer.email);
  expect(lines[1]).toContain(title);

  // Its timeline: placed, paid, the confirmation e-mailed (a product without a file waits for delivery).
  await order.getByRole('link', { name: /^Timeline of order #/ }).click();
  await expect(page.getByRole('heading', { name: 'Order timeline' })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Order timeline' });
  await expect(timeline.getByText('Order placed')).toBeVisible();
  await expect(timeline.getByText('Payment received')).toBeVisible();
  await expect(timeline.getByText(/^E-mail (sent|waiting to be sent)$/).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('order-timeline.png'), fullPage: true });
});
