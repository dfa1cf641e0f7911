import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

export { demoCatalogue, demoId, DEMO_EMPTY_CATEGORIES } from '../../adapters/persistence/seed/demo-catalogue';
export { ADMIN } from './admin-account';

/** A client address the store's geo database places in Egypt (trusted with TRUST_PROXY=1). */
export const EGYPT = { 'X-Forwarded-For': '41.33.0.1' };
/** An address outside Egypt, so that a test never depends on where the runner happens to be. */
export const ELSEWHERE = { 'X-Forwarded-For': '8.8.8.8' };

export const isMobile = (testInfo: TestInfo) => testInfo.project.name.startsWith('mobile');

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

/**
 * Waits until the app has taken over a page the server rendered (ui/src/layout/Layout.tsx). The page shows
 * before the app is loaded (issue 22); a search typed and sent in that moment is only text in a
 * box, as it would be for a shopper on a slow phone, who then sends it again.
 */
export async function appReady(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
}

/** Waits until the skeleton placeholders are gone. */
export async function settled(page: Page) {
  await expect(page.locator('main [role="status"]').filter({ hasText: /Loading/ })).toHaveCount(0);
}

/** A user unique to this run and project (usernames: letters and digits, at most 30). */
export function aNewUser(testInfo: TestInfo, tag: string) {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const username = `${tag}${testInfo.project.name.slice(0, 1)}${stamp}`.slice(0, 30);
  return { username, email: `${username}@example.com`, password: 'Secret12' };
}

export type NewUser = ReturnType<typeof aNewUser>;

/** Signs up through the API, in the page's browser context (so the page is signed in afterwards). */
export async function signUpByApi(page: Page, user: NewUser, baseURL: string) {
  const response = await page.request.post('/api/user/signup', {
    data: { username: user.username, email: user.email, password: user.password, repeatpassword: user.password },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The cart badge: in the header's bar on desktop and on a phone (where the side menu has it too). */
export async function expectCartCount(page: Page, count: number, mobile: boolean) {
  const name = `Cart, ${count} items`;
  await expect(page.getByRole('banner').getByRole('link', { name })).toBeVisible();
  if (!mobile) return;
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
}

/** Signs out through the navbar: 'Sign out' on desktop, the side menu's 'Log out' on mobile. */
export async function signOutThroughNavbar(page: Page, mobile: boolean) {
  if (mobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectAccessible(page);
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log out' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  }
  await expect(page).toHaveURL(/\/signout\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
}

/** The account link in the navbar shows the user's name. */
export const accountLink = (page: Page, username: string) =>
  page.getByRole('banner').getByRole('link', { name: new RegExp(username) });

/** Signs in through the API in the page's browser context (the admin of the test store, or a user). */
export async function signInByApi(page: Page, who: { username: string; password: string }, baseURL: string) {
  const response = await page.request.post('/api/user/login', {
    data: { username: who.username, password: who.password },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The Orders list (profile or library), opened once every bought PDF has its buyer's own copy. */
export async function ordersOnceCopiesAreMade(page: Page, address: string) {
  await expect(async () => {
    await page.goto(address);
    const toggle = page.getByRole('button', { name: 'Orders' });
    if ((await toggle.count()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(page.getByRole('button', { name: /^Download / }).first()).toBeVisible({ timeout: 3_000 });
    await expect(page.getByText('is being prepared')).toHaveCount(0);
  }).toPass({ timeout: 45_000 });
}

/** The admin makes a free book in the Product editor, as the owner makes one, and reads its id from the banner. */
export async function createFreeBook(page: Page, title: string, description: string): Promise<string> {
  await page.goto('/productEditor');
  await page.getByRole('button', { name: 'Create Product' }).click();
  const create = page.getByRole('dialog', { name: 'New Product' });
  await create.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await create.getByRole('textbox', { name: 'Author' }).fill('Nabil Farouk');
  await create.getByRole('textbox', { name: 'Description', exact: true }).fill(description);
  await create.getByRole('spinbutton', { name: 'Price (USD)' }).fill('0');
  await create.getByRole('spinbutton', { name: 'Price (EGP)' }).fill('0');
  await create.getByRole('spinbutton', { name: 'Size (MB)' }).fill('1');
  await create.getByRole('spinbutton', { name: 'Pages' }).fill('7');
  await create.getByRole('checkbox', { name: 'Implantology' }).check();
  await create.getByRole('button', { name: 'Create Product' }).click();
  await expect(create).toBeHidden();
  const id = /Product ID: ([0-9a-f]{24})/.exec((await page.locator('.editor-banners').textContent()) ?? '')?.[1];
  expect(id).toBeDefined();
  return id!;
}
