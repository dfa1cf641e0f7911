import { screen, within } from '@testing-library/react';
import { pageWindow } from '../../ui/src/catalog/Pager';
import { aProduct, fakeServer, pageOf, renderApp } from './helpers';
import { withCode } from '../support/codes';

test.each([
  [375, 14],
  [767, 14],
  [768, 15],
  [1280, 15],
])('at %i px the home page asks for %i products of the page in ?page=', async (width, limit) => {
  const server = fakeServer({ 'GET /api/backendproduct/getproducts': pageOf([aProduct({ title: 'Paged Book' })], 4) });
  renderApp('/?page=3', { width });
  expect(await screen.findByText('Paged Book')).toBeInTheDocument();
  expect(server.calls()).toContain(`GET /api/backendproduct/getproducts?page=3&limit=${limit}`);
  const pager = within(screen.getByRole('navigation', { name: 'Pages' }));
  expect(pager.getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  expect(pager.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/?page=4');
  expect(pager.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/?page=2');
});

test.each([
  ['/', 3],
  ['/?page=2', 2],
])("on %s the cards' titles sit one level under the grid's heading (h%i)", async (path, level) => {
  fakeServer({ 'GET /api/backendproduct/getproducts': pageOf([aProduct({ title: 'Leveled Book' })], 2) });
  renderApp(path);
  expect(await screen.findByRole('heading', { level, name: 'Leveled Book' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: level - 1, name: 'New in the library' })).toBeInTheDocument();
});

test('a nonsense ?page= reads as page 1', async () => {
  const server = fakeServer({ 'GET /api/backendproduct/getproducts': pageOf([aProduct({ title: 'First Page Book' })]) });
  renderApp('/?page=abc');
  expect(await screen.findByText('First Page Book')).toBeInTheDocument();
  expect(server.calls()).toContain('GET /api/backendproduct/getproducts?page=1&limit=15');
});

test('shows skeleton cards while loading, then the products', async () => {
  fakeServer({ 'GET /api/backendproduct/getproducts': pageOf([aProduct({ title: 'Loaded Book' })]) });
  renderApp('/');
  expect(screen.getByText('Loading products…')).toBeInTheDocument();
  expect(await screen.findByText('Loaded Book')).toBeInTheDocument();
  expect(screen.queryByText('Loading products…')).not.toBeInTheDocument();
});

test("a failed load says 'Failed to fetch products'", async () => {
  fakeServer({ 'GET /api/backendproduct/getproducts': { status: 500, body: { success: false, ...withCode('boom') } } });
  renderApp('/');
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch products');
});

test('the pager shows the first, the last and the pages around the current one', () => {
  expect(pageWindow(1, 1)).toEqual([1]);
  expect(pageWindow(1, 5)).toEqual([1, 2, 'gap', 5]);
  expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
  expect(pageWindow(10, 10)).toEqual([1, 'gap', 9, 10]);
  expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
});
