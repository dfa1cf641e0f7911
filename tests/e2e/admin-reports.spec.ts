import { expect, test, type Page } from '@playwright/test';
import { demoCatalogue, demoId } from '../../adapters/persistence/seed/demo-catalogue';
import { failOnContentPolicyRefusals } from './content-policy';
import { ADMIN, aNewUser, expectAccessible, signInByApi, signUpByApi } from './support';

failOnContentPolicyRefusals();

/**
 * Issue 21's "done when", reports part, in Chromium at 375 and 1280 px on the store `npm start` runs:
 * a buyer pays one order in pounds (Paymob's card) and one in dollars (PayPal), the admin refunds the
 * dollar one, reads the month's revenue of each currency on its own chart beside its table, and
 * finds the refund in the audit log by filtering it.
 */
const catalogue = demoCatalogue();
const priced = (n: number) => catalogue.find((p) => p._id === demoId(n))!;

const checkout = async (page: Page, n: number, method: 'PayPal (wallet and credit cards)' | 'Credit card (Paymob)', email: string) => {
  await page.goto(`/product/${demoId(n)}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page.getByRole('heading', { name: priced(n).title })).toBeVisible();
  await page.getByLabel('Name').fill('Hana Adel');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: 'Proceed to payment' }).click();
  await expect(page.getByText('Test payment, no money moves')).toBeVisible();
};

test('the admin reads the month’s revenue per currency on a chart, and filters the audit log', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const buyerContext = await browser.newContext({ viewport: page.viewportSize()!, baseURL });
  const buyer = await buyerContext.newPage();
  const user = aNewUser(testInfo, 'reports');
  await signUpByApi(buyer, user, baseURL!);
  await checkout(buyer, 6, 'Credit card (Paymob)', user.email);
  await buyer.frameLocator('iframe[title="Card payment (Paymob)"]').getByRole('button', { name: 'Pay (test card)' }).click();
  await expect(buyer).toHaveURL(/\/Paymentsuccess$/);
  await checkout(buyer, 5, 'PayPal (wallet and credit cards)', user.email);
  await buyer.getByRole('button', { name: /PayPal \(test/ }).click();
  await buyer.getByRole('button', { name: 'Approve payment' }).click();
  await expect(buyer).toHaveURL(/\/Paymentsuccess$/);
  const orders = (await (await buyer.request.get('/api/user/profiledata')).json()).userData.orders as { _id: string; currency: string }[];
  const dollars = orders.find((o) => o.currency === 'USD')!;
  await buyerContext.close();

  await signInByApi(page, ADMIN, baseURL!);
  const refunded = await page.request.post(`/api/admin/orders/${dollars._id}/refund`, { data: {}, headers: { Origin: baseURL! } });
  expect(refunded.status(), await refunded.text()).toBe(200);

  // The reports, grouped by month: this month so far is where they open.
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Group revenue by' }).selectOption('month');
  for (const currency of ['EGP', 'USD']) {
    const card = page.getByRole('article', { name: `Revenue in ${currency}` });
    const chart = card.getByRole('img', { name: `Revenue in ${currency} per month` });
    // uPlot drew its canvas: the chart has the card's width, never wider than the screen.
    await expect(chart.locator('canvas').first()).toBeVisible();
    const box = (await chart.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expect(card.getByRole('table', { name: `Revenue in ${currency}, period by period` })).toBeVisible();
  }
  const usd = page.getByRole('article', { name: 'Revenue in USD' });
  await expect(usd.getByText('Refunded', { exact: true }).locator('xpath=following-sibling::dd')).not.toHaveText('$0.00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('reports.png'), fullPage: true });

  // The CSV of the revenue: a spreadsheet's file, for this admin.
  const csv = await page.request.get((await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href'))!);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect((await csv.text()).split('\r\n')[0]).toBe('period_start,currency,orders,revenue,average_order,refunds,refunded,net');

  // The audit log, filtered to refunds: the admin's refund of that order, with its time.
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Order refunded' });
  await expect(page).toHaveURL(/action=order-refunded/);
  const entry = page.getByRole('listitem', { name: `Order refunded by ${ADMIN.username}` }).filter({ hasText: dollars._id });
  await expect(entry).toBeVisible();
  await expect(page.locator('.audit-list > li').filter({ hasNotText: 'Order refunded' })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('audit-log.png'), fullPage: true });
});
