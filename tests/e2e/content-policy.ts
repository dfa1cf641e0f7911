import { expect, test, type Page } from '@playwright/test';

const refusals = new WeakMap<Page, string[]>();

/**
 * Fails a spec's tests when Chromium refuses anything under the store's Content-Security-Policy
 * (it says so in the console of the page or of a frame in it): the policy must allow all the UI
 * and the payment providers need.
 */
export const failOnContentPolicyRefusals = () => {
  test.beforeEach(({ page }) => {
    const seen: string[] = [];
    refusals.set(page, seen);
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) seen.push(message.text());
    });
  });
  test.afterEach(({ page }) => {
    expect(refusals.get(page) ?? []).toEqual([]);
  });
};
