import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { PublicProduct as Product } from '../../api/catalog';
import { MAX_QUERY_LENGTH } from '../../core/catalog/domain/search';
import { MAX_PAGE } from '../../core/shared/paging';
import { AppRoutes } from '../../ui/src/app/AppRoutes';
import { withCode } from '../support/codes';
import { aProduct, fakeServer, pageOf, renderApp, setViewportWidth, type Reply } from './helpers';

/** What POST /api/search answers for `found`: the asked page of it, as the server pages (offset (page - 1) × limit). */
const searching =
  (found: Product[]) =>
  (_url: URL, init: RequestInit | undefined): Reply => {
    const { page, limit } = JSON.parse(init!.body as string) as { page: number; limit: number };
    const results = found.slice((page - 1) * limit, page * limit);
    return { body: { success: true, ...withCode(`${found.length} results found`), results, count: found.length } };
  };

const titled = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => aProduct({ title: `${prefix} ${i + 1}` }));
const shownTitles = async () =>
  within(await screen.findByRole('list', { name: 'Search results' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

/** The app at an address, with the address it is at shown beside it (what a shopper would copy). */
function renderAt(path: string, options: { state?: unknown; basename?: string } = {}) {
  setViewportWidth(1280);
  const [pathname, search = ''] = path.split('?');
  const Address = () => {
    const { pathname: at, search: query } = useLocation();
    return <output data-testid="address">{`${at}${query}`}</output>;
  };
  return render(
    <MemoryRouter basename={options.basename} initialEntries={[{ pathname, search: search && `?${search}`, state: options.state }]}>
      <AppRoutes />
      <Address />
    </MemoryRouter>,
  );
}
const address = () => screen.getByTestId('address').textContent;

describe('the navigation state (the spec: results, query and totalResults)', () => {
  test("without it, or an address, the page shows 'No search results found'", async () => {
    const server = fakeServer({});
    renderApp('/search-page');
    expect(await screen.findByText('No search results found')).toBeInTheDocument();
    expect(screen.queryByText(/\d+ results found/)).not.toBeInTheDocument();
    expect(server.bodies('/api/search')).toEqual([]);
  });

  test('shows the query, the total and 12 results per page; page 2 asks the server for results 13 to 24', async () => {
    const found = titled('Result', 26);
    const server = fakeServer({ 'POST /api/search': searching(found) });
    renderApp('/search-page', { state: { results: found.slice(0, 20), query: 'endodontics', totalResults: 26 } });
    expect(await screen.findByRole('heading', { name: 'Search Results for "endodontics"' })).toBeInTheDocument();
    expect(screen.getByText('26 results found')).toBeInTheDocument();
    expect(await shownTitles()).toEqual(found.slice(0, 12).map((p) => p.title));
    // the state's first page is shown as it came: no second request for it
    expect(server.bodies('/api/search')).toEqual([]);

    await userEvent.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(await screen.findByText('Result 24')).toBeInTheDocument();
    expect(await shownTitles()).toEqual(found.slice(12, 24).map((p) => p.title));
    expect(server.bodies('/api/search')).toEqual([{ query: 'endodontics', page: 2, limit: 12 }]);
    expect(screen.getByText('26 results found')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(await shownTitles()).toEqual(['Result 25', 'Result 26']);
  });
});

describe('the address /search-page?q=...&page=...', () => {
  test('searches its query with the spec’s first request and shows the first 12 of the 20', async () => {
    const found = titled('Pulp', 30);
    const server = fakeServer({ 'POST /api/search': searching(found) });
    renderAt('/search-page?q=pulp+capping');
    expect(screen.getByRole('heading', { level: 1, name: 'Search Results for "pulp capping"' })).toBeInTheDocument();
    expect(await screen.findByText('30 results found')).toBeInTheDocument();
    expect(await shownTitles()).toEqual(found.slice(0, 12).map((p) => p.title));
    expect(server.bodies('/api/search')).toEqual([{ query: 'pulp capping', page: 1, limit: 20 }]);
    expect(document.title).toMatch(/^Search results for pulp capping \|/);
  });

  test('paging fetches page 2 with the same query and puts it in the address; a reload of that address shows the same', async () => {
    const found = titled('Pulp', 30);
    const server = fakeServer({ 'POST /api/search': searching(found) });
    const first = renderAt('/search-page?q=pulp');
    await screen.findByText('30 results found');
    await userEvent.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(await screen.findByText('Pulp 13')).toBeInTheDocument();
    expect(address()).toBe('/search-page?q=pulp&page=2');
    const paged = await shownTitles();
    expect(paged).toEqual(found.slice(12, 24).map((p) => p.title));
    expect(server.bodies('/api/search')).toEqual([
      { query: 'pulp', page: 1, limit: 20 },
      { query: 'pulp', page: 2, limit: 12 },
    ]);
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    // a reload, or the address shared with a colleague: nothing but the address
    first.unmount();
    const again = fakeServer({ 'POST /api/search': searching(found) });
    renderAt('/search-page?q=pulp&page=2');
    expect(await screen.findByText('Pulp 13')).toBeInTheDocument();
    expect(await shownTitles()).toEqual(paged);
    expect(screen.getByText('30 results found')).toBeInTheDocument();
    expect(again.bodies('/api/search')).toEqual([{ query: 'pulp', page: 2, limit: 12 }]);
  });

  test('the address wins over a navigation state of another query; a state of the same query spares the request', async () => {
    const server = fakeServer({ 'POST /api/search': searching(titled('Crown', 3)) });
    const stale = { results: titled('Endo', 2), query: 'endodontics', totalResults: 2 };
    const { unmount } = renderAt('/search-page?q=crowns', { state: stale });
    expect(await screen.findByText('Crown 1')).toBeInTheDocument();
    expect(screen.queryByText('Endo 1')).not.toBeInTheDocument();
    expect(server.bodies('/api/search')).toEqual([{ query: 'crowns', page: 1, limit: 20 }]);
    unmount();

    const fresh = fakeServer({ 'POST /api/search': searching(titled('Crown', 3)) });
    renderAt('/search-page?q=endodontics', { state: stale });
    expect(await screen.findByText('Endo 1')).toBeInTheDocument();
    expect(fresh.bodies('/api/search')).toEqual([]);
  });

  test('a search from the navbar opens its address, and the Arabic store keeps its prefix', async () => {
    const found = titled('Implant', 14);
    const server = fakeServer({ 'GET /api/backendproduct/getproducts': pageOf([]), 'POST /api/search': searching(found) });
    renderAt('/ar/', { basename: '/ar' });
    await userEvent.type(within(screen.getByRole('search')).getByRole('searchbox'), ' implant  surgery {Enter}');
    expect(await screen.findByText('Implant 1')).toBeInTheDocument();
    expect(address()).toBe('/search-page?q=implant++surgery');
    // the router's basename puts the language before every link of the page
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/ar/search-page?q=implant++surgery&page=2');
    expect(server.bodies('/api/search')).toEqual([{ query: 'implant  surgery', page: 1, limit: 20 }]);
  });

  test('an address in the Arabic store is searched the same', async () => {
    const server = fakeServer({ 'POST /api/search': searching(titled('تقويم', 2)) });
    renderAt(`/ar/search-page?q=${encodeURIComponent('تقويم الأسنان')}`, { basename: '/ar' });
    expect(await screen.findByText('تقويم 2')).toBeInTheDocument();
    expect(server.bodies('/api/search')).toEqual([{ query: 'تقويم الأسنان', page: 1, limit: 20 }]);
  });
});

describe('bad addresses show the normal page, never an error', () => {
  test.each([
    ['an empty q', '/search-page?q='],
    ['a blank q', '/search-page?q=%20%20%20'],
    ['a q longer than the server takes', `/search-page?q=${'a'.repeat(MAX_QUERY_LENGTH + 1)}`],
    ['a q of a space written as +', '/search-page?q=+'],
  ])("%s: 'No search results found', and no request", async (_name, path) => {
    const server = fakeServer({ 'POST /api/search': searching(titled('Any', 3)) });
    renderAt(path, { state: { results: titled('Endo', 1), query: 'endodontics', totalResults: 1 } });
    expect(await screen.findByText('No search results found')).toBeInTheDocument();
    expect(server.bodies('/api/search')).toEqual([]);
  });

  test('a q of the longest length the server takes is searched', async () => {
    const server = fakeServer({ 'POST /api/search': searching([]) });
    renderAt(`/search-page?q=${'a'.repeat(MAX_QUERY_LENGTH)}`);
    expect(await screen.findByText('0 results found')).toBeInTheDocument();
    expect(screen.getByText("Try a different spelling, an author's name or fewer words.")).toBeInTheDocument();
    expect(server.bodies('/api/search')).toHaveLength(1);
  });

  test.each([['0'], ['abc'], ['-3'], ['']])('page=%s reads as page 1', async (page) => {
    const server = fakeServer({ 'POST /api/search': searching(titled('Pulp', 14)) });
    renderAt(`/search-page?q=pulp&page=${page}`);
    expect(await screen.findByText('Pulp 1')).toBeInTheDocument();
    expect(server.bodies('/api/search')).toEqual([{ query: 'pulp', page: 1, limit: 20 }]);
  });

  test.each([
    ['99999', 99999],
    ['99999999', MAX_PAGE],
  ])('page=%s, past the last page, says where the results end', async (page, asked) => {
    const server = fakeServer({ 'POST /api/search': searching(titled('Pulp', 30)) });
    renderAt(`/search-page?q=pulp&page=${page}`);
    expect(await screen.findByText('The results end on page 3.')).toBeInTheDocument();
    expect(screen.getByText('30 results found')).toBeInTheDocument();
    expect(server.bodies('/api/search')).toEqual([{ query: 'pulp', page: asked, limit: 12 }]);
    await userEvent.click(screen.getByRole('link', { name: 'Go to page 3' }));
    expect(await shownTitles()).toHaveLength(6);
    expect(address()).toBe('/search-page?q=pulp&page=3');
  });

  test('a failed search says so on the page', async () => {
    fakeServer({ 'POST /api/search': { status: 502, body: 'Bad Gateway' } });
    renderAt('/search-page?q=pulp');
    expect(await screen.findByText('Search failed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Search Results for "pulp"' })).toBeInTheDocument();
  });
});
