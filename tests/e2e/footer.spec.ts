import { expect, test } from '@playwright/test';
import { demoId, EGYPT, ELSEWHERE, expectAccessible, settled } from './support';

test.describe('a visitor from Egypt', () => {
  test.use({ extraHTTPHeaders: EGYPT });

  test('sees the location, the support address and EGP prices', async ({ page }) => {
    await page.goto(`/product/${demoId(1)}`);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Egypt', { exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@.+/);
    await settled(page);
    await expect(page.locator('.product__price')).toContainText(/^Price: EGP [\d,]+$/);
    await expect(page.getByText(/^\$\d/)).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('a visitor from elsewhere', () => {
  test.use({ extraHTTPHeaders: ELSEWHERE });

  test('sees USD prices and no location line', async ({ page }) => {
    await page.goto(`/product/${demoId(1)}`);
    await settled(page);
    await expect(page.locator('.product__price')).toContainText(/^Price: \$[\d,.]+$/);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Your Gateway to Knowledge')).toBeVisible();
    await expect(footer.getByText('Egypt', { exact: true })).toHaveCount(0);
    await expect(footer.getByText(`© ${new Date().getFullYear()} Dental Library`, { exact: false })).toBeVisible();
    for (const [name, url] of [
      ['About Us', '/aboutus'],
      ['Policies', '/policies'],
      ['Terms & Conditions', '/terms-and-conditions'],
    ])
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', url);
  });
});
