import { expect, test } from '@playwright/test';
import { expectAccessible } from './support';

const pages = [
  { path: '/contactus', heading: 'Contact us', text: /within 24 hours/ },
  { path: '/aboutus', heading: 'About Us', text: /high-quality PDF books and online courses/ },
  { path: '/policies', heading: 'Policies', text: /Refund Policy/ },
  { path: '/terms-and-conditions', heading: 'Terms & Conditions', text: /personal use only/ },
];

for (const { path, heading, text } of pages) {
  test(`${path} shows its content`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(text).first()).toBeVisible();
    await expectAccessible(page);
  });
}

test('contact us gives the injected support address', async ({ page }) => {
  await page.goto('/contactus');
  const meta = await page.locator('meta[name="store-support-email"]').getAttribute('content');
  expect(meta).toMatch(/@/);
  await expect(page.getByRole('main').getByRole('link', { name: meta! })).toHaveAttribute('href', `mailto:${meta}`);
});

for (const path of ['/no/such/page', '/productEditor/no/such/page']) {
  test(`${path} shows the 404 page`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('img', { name: /404/ })).toBeVisible();
    await expect(page.getByText('Go to Homepage')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}
