import fs from 'node:fs';
import path from 'node:path';
import { act, screen } from '@testing-library/react';
import { STORE_PAGES } from '../../core/location/domain/store-pages';
import { anId, fakeServer, renderApp, signedInAs } from './helpers';

/** A value for each parameter of the table's patterns. */
const SAMPLES: Record<string, string> = { id: anId(1), category: 'books', subcategory: 'Endodontics', token: 'a-reset-token' };
const pathOf = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => SAMPLES[name]!);

/** Long enough for a lazily loaded page, the 404 page included, to arrive. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 150)));
const notFound = () => screen.queryByRole('img', { name: /404/ });
/** A listing's read answers an empty shelf: answered 404 as an unknown call, it showed the 404 page
 * whenever the 150 ms above outlasted the listing's 300 ms debounce (a loaded machine). */
const EMPTY_SHELF = { body: { success: true, productdetails: [], totalPages: 0, total: 0 } };
const pageReads = { 'GET /api/category/books': EMPTY_SHELF, 'GET /api/category/books/Endodontics': EMPTY_SHELF };

describe('the one table of pages, which visits are counted by, is the router of the app', () => {
  it('shows the 404 page for a path the table does not have (so the wait below is long enough)', async () => {
    fakeServer(signedInAs('Owner', { role: 'Admin' }));
    renderApp('/no/such/page');
    await settle();
    expect(notFound()).toBeInTheDocument();
  });

  it.each(Object.entries(STORE_PAGES))('routes the %s page, %s', async (_page, pattern) => {
    fakeServer({ ...signedInAs('Owner', { role: 'Admin' }), ...pageReads });
    renderApp(pathOf(pattern));
    await settle();
    expect(notFound()).not.toBeInTheDocument();
  });

  it('declares no path of its own but the catch-all of the 404 page', () => {
    const routes = fs.readFileSync(path.join(__dirname, '../../ui/src/app/AppRoutes.tsx'), 'utf8');
    expect(routes.match(/path=["'{][^>\s]*/g)).toEqual([...Object.keys(STORE_PAGES).filter((p) => p !== 'home').map((p) => `path={at('${p}')}`), 'path="*"']);
  });
});
