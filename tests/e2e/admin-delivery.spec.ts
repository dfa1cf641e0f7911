import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { samplePdf } from '../../adapters/persistence/seed/sample-files';
import { readPdf } from '../support/pdf-reading';
import { failOnContentPolicyRefusals } from './content-policy';
import { ADMIN, aNewUser, expectAccessible, ordersOnceCopiesAreMade, signInByApi, signUpByApi, createFreeBook } from './support';

failOnContentPolicyRefusals();

/** The admin store's outbox (playwright.config.ts: the admin specs' store keeps its data there). */
const OUTBOX = path.join(`${process.env.E2E_DATA_DIR}-admin`, 'outbox');

/** The e-mailed library link to `email`, from the .eml files (quoted-printable: soft breaks and =3D undone). */
const libraryLinkFor = (email: string): string | undefined => {
  if (!fs.existsSync(OUTBOX)) return undefined;
  for (const name of fs.readdirSync(OUTBOX)) {
    const text = fs.readFileSync(path.join(OUTBOX, name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (!text.includes(email)) continue;
    const link = /https?:\/\/[^\s"<>]+\/library\/open\/[A-Za-z0-9_-]+/.exec(text)?.[0];
    if (link) return link;
  }
  return undefined;
};

/**
 * Issue 19's "done when", in Chromium at 375 and 1280 px on the store `npm start` runs: the admin
 * uploads a PDF to a new product; a guest gets it with only an e-mail address and opens the
 * e-mailed library link; reads it; downloads their own copy, which has their address in it; signs
 * up with that address and finds the order in the profile; and the sixth download is refused.
 */
test('a PDF from the admin\'s upload to a guest\'s stamped copy, the reader, the account, and the cap', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(150_000);
  const title = `Stamped Atlas ${testInfo.project.name} ${Date.now().toString(36)}`;
  const fileName = `${title}.pdf`;

  // The admin creates a free product and uploads its PDF in the editor's Files section.
  await signInByApi(page, ADMIN, baseURL!);
  const id = await createFreeBook(page, title, 'A sample atlas for the delivery test.');
  await page.getByRole('button', { name: 'Edit Product' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await edit.getByRole('textbox', { name: 'Product ID' }).fill(id!);
  await edit.getByRole('button', { name: 'Load Product' }).click();
  const files = edit.getByRole('region', { name: 'Files' });
  await files.getByLabel('Add a file').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: Buffer.from(await samplePdf({ title, author: 'Nabil Farouk' })) });
  await expect(files.getByRole('list', { name: 'Files of this product' })).toContainText(fileName);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('editor-files.png') });

  // A guest, in a browser of their own, gets it with a name and an e-mail address only.
  const guestContext = await browser.newContext({ viewport: page.viewportSize()!, baseURL });
  const guest = await guestContext.newPage();
  const buyer = aNewUser(testInfo, 'guest');
  await guest.goto(`/product/${id}`);
  await guest.getByRole('button', { name: 'Buy now' }).click();
  await guest.getByRole('button', { name: 'Continue as guest' }).click();
  const details = guest.getByRole('form', { name: 'Your details' });
  await details.getByLabel('Name').fill('Salma Guest');
  await details.getByLabel('Email').fill(buyer.email);
  await details.getByRole('button', { name: 'Get it now' }).click();
  await expect(guest.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  // The confirmation's magic link, from the outbox, opens the library.
  await expect.poll(() => libraryLinkFor(buyer.email), { timeout: 20_000 }).toBeDefined();
  await guest.goto(libraryLinkFor(buyer.email)!);
  await expect(guest.getByRole('heading', { level: 1, name: 'Your library' })).toBeVisible();
  await ordersOnceCopiesAreMade(guest, '/library');
  await expectAccessible(guest);
  await guest.screenshot({ path: testInfo.outputPath('library.png'), fullPage: true });

  // Reads it in the browser.
  await guest.getByRole('link', { name: `Read ${fileName}` }).click();
  const reader = guest.getByRole('region', { name: `Reader: ${fileName}` });
  await expect(reader).toContainText('of 7');
  await expect(reader.getByText('Opening…')).toHaveCount(0);
  await guest.screenshot({ path: testInfo.outputPath('reader.png') });

  // Downloads their own copy: their address and the order number on its pages.
  await ordersOnceCopiesAreMade(guest, '/library');
  const [download] = await Promise.all([guest.waitForEvent('download'), guest.getByRole('button', { name: `Download ${fileName}` }).click()]);
  const pdf = await readPdf(new Uint8Array(fs.readFileSync((await download.path())!)));
  for (const page of pdf.pages) expect(page.text).toContain(`Licensed to ${buyer.email} - order`);

  // Signs up with that address from the same browser: the order is the account's now.
  await signUpByApi(guest, buyer, baseURL!);
  await ordersOnceCopiesAreMade(guest, '/user/profile');
  await expect(guest.getByRole('list', { name: 'Your orders' })).toContainText(title);

  // Four more complete downloads (5 in all, the default), then the sixth is refused.
  type Ordered = { _id: string; products: { _id: string; files?: { files: { _id: string }[] } }[] };
  const orders = (await (await guest.request.get('/api/user/profiledata')).json()).userData.orders as Ordered[];
  const order = orders.find((o) => o.products.some((p) => p._id === id))!;
  const fileId = order.products[0].files!.files[0]._id;
  for (let n = 2; n <= 5; n++) {
    const link = (await (await guest.request.post(`/api/orders/${order._id}/files/${id}/${fileId}/link`, { headers: { Origin: baseURL! } })).json()).url as string;
    expect((await guest.request.get(link)).status()).toBe(200);
  }
  await guest.reload();
  await ordersOnceCopiesAreMade(guest, '/user/profile');
  await expect(guest.getByText('0 of 5 downloads left')).toBeVisible();
  await guest.getByRole('button', { name: `Download ${fileName}` }).click();
  await expect(guest.getByRole('alert')).toContainText('You have downloaded this purchase 5 times, its limit.');
  await guest.screenshot({ path: testInfo.outputPath('sixth-download.png'), fullPage: true });
  await guestContext.close();
});
