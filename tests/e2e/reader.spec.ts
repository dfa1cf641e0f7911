import { expect, test, type Locator } from '@playwright/test';
import { samplePdf } from '../../adapters/persistence/seed/sample-files';
import { isFree } from '../../core/shared/money';
import { failOnContentPolicyRefusals } from './content-policy';
import { ADMIN, aNewUser, demoCatalogue, expectAccessible, isMobile, ordersOnceCopiesAreMade, signUpByApi } from './support';

failOnContentPolicyRefusals();

/** The last free demo book: the checkout spec buys the first, so each spec has its own. */
const book = demoCatalogue().filter((p) => isFree(p.price)).at(-1)!;

/** Whether pdf.js has drawn the page: some of the canvas's pixels are dark (the text), not all blank. */
const drawn = (canvas: Locator) =>
  expect
    .poll(() =>
      canvas.evaluate((element) => {
        const c = element as HTMLCanvasElement;
        if (c.width === 0 || c.height === 0) return 0;
        const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 0 && data[i]! < 128) dark++;
        return dark;
      }),
    )
    .toBeGreaterThan(100);

/**
 * The in-browser reader (issue 19, part 5) in Chromium at 375 and 1280 px: a real PDF (the demo's
 * sample) opens in pdf.js through the buyer's reader link, a page turns, and after a reload the
 * book reopens on that page, kept by the server.
 */
test('a bought PDF opens in the reader, turns a page, and reopens there after a reload', async ({ page, baseURL, playwright }, testInfo) => {
  const origin = { Origin: baseURL! };
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/user/login', { data: { username: ADMIN.username, password: ADMIN.password }, headers: origin })).status()).toBe(200);
  const name = `Reader sample ${testInfo.project.name}.pdf`;
  const pdf = Buffer.from(await samplePdf({ title: book.title, author: book.author[0]! }));
  const uploaded = await admin.post(`/api/admin/products/${book._id}/files?name=${encodeURIComponent(name)}`, {
    headers: { ...origin, 'content-type': 'application/octet-stream' },
    data: pdf,
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  await admin.dispose();

  const user = aNewUser(testInfo, 'reader');
  await signUpByApi(page, user, baseURL!);
  const paid = await page.request.post('/api/checkout/pay', { data: { name: 'Rana Reader', email: user.email, productId: book._id }, headers: origin });
  expect(paid.status(), await paid.text()).toBe(200);

  // The buyer reads their own stamped copy, made by a job a moment after payment.
  await ordersOnceCopiesAreMade(page, '/user/profile');
  await page.getByRole('link', { name: `Read ${name}` }).click();
  await expect(page).toHaveURL(/\/reader\/[0-9a-f]{24}\/[0-9a-f]{24}\/[0-9a-f]{24}$/);

  const reader = page.getByRole('region', { name: `Reader: ${name}` });
  const pageNumber = reader.getByRole('spinbutton');
  await expect(reader).toContainText('of 7');
  await expect(reader.getByText('Opening…')).toHaveCount(0);
  await expect(pageNumber).toHaveValue('1');
  const canvas = reader.getByRole('img', { name: `Page 1 of ${name}` });
  await drawn(canvas);
  // Drawn to the screen's width, never wider: the phone reads without scrolling sideways.
  const box = (await canvas.boundingBox())!;
  expect(box.width).toBeGreaterThan(isMobile(testInfo) ? 300 : 600);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('reader-page-1.png') });

  const kept = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/page') && r.status() === 200);
  await reader.getByRole('button', { name: 'Next' }).click();
  await expect(pageNumber).toHaveValue('2');
  expect((await kept).request().postDataJSON()).toEqual({ page: 2 });

  await page.reload();
  await expect(reader).toContainText('of 7');
  await expect(reader.getByText('Opening…')).toHaveCount(0);
  await expect(reader.getByRole('spinbutton')).toHaveValue('2');
  await drawn(reader.getByRole('img', { name: `Page 2 of ${name}` }));
  await expect(reader.getByText('This file could not be opened')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('reader-page-2.png') });
  await expectAccessible(page);
});
