import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

export { demoCatalogue, demoId, DEMO_EMPTY_CATEGORIES } from '../../adapters/persistence/seed/demo-catalogue';

/** A client address the store's geo database places in Egypt (trusted with TRUST_PROXY=1). */
export const EGYPT = { 'X-Forwarded-For': '41.33.0.1' };
/** An address outside Egypt, so that a test never depends on where the runner happens to be. */
export const ELSEWHERE = { 'X-Forwarded-For': '8.8.8.8' };

export const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

/** No serious or critical accessibility violations on what the page shows now. */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(bad, bad.join('\n')).toEqual([]);
}

/** The product cards of the main listing on the page. */
export const cards = (page: Page, listName?: string) =>
  (listName ? page.getByRole('list', { name: listName, exact: true }) : page.locator('main')).getByRole('article');

/** Waits until the skeleton placeholders are gone. */
export async function settled(page: Page) {
  await expect(page.locator('main [role="status"]').filter({ hasText: /Loading/ })).toHaveCount(0);
}
