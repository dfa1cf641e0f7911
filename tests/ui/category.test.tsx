import { act, screen } from '@testing-library/react';
import { aProduct, fakeServer, renderApp } from './helpers';
import { withCode } from '../support/codes';

const listing = (products: ReturnType<typeof aProduct>[], totalPages = 1) => ({
  body: { success: true, productdetails: products, totalPages, total: products.length },
});

test('an empty subcategory says SORRY with the category path', async () => {
  fakeServer({ 'GET /api/category/books/Functional Therapy': listing([]) });
  renderApp('/category/books/Functional%20Therapy');
  expect(await screen.findByText('SORRY')).toBeInTheDocument();
  expect(screen.getByText('No available items in books/Functional Therapy yet')).toBeInTheDocument();
  expect(screen.getByText('Please check back later')).toBeInTheDocument();
});

test('an empty type listing names just the type', async () => {
  fakeServer({ 'GET /api/category/courses': listing([]) });
  renderApp('/category/courses');
  expect(await screen.findByText('No available items in courses yet')).toBeInTheDocument();
});

test("a failed load says 'Error loading products'", async () => {
  fakeServer({ 'GET /api/category/journals': { status: 500, body: { success: false, ...withCode('boom') } } });
  renderApp('/category/journals');
  expect(await screen.findByText('Error loading products')).toBeInTheDocument();
  expect(screen.queryByText('SORRY')).not.toBeInTheDocument();
});

test('an unknown category shows the 404 page', async () => {
  fakeServer({ 'GET /api/category/toys': { status: 404, body: { success: false, ...withCode('No such category') } } });
  renderApp('/category/toys');
  expect(await screen.findByText('Go to Homepage')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Homepage' })).toHaveAttribute('href', '/');
});

test('card titles over 68 characters show their first 65 plus ...', async () => {
  const long = 'A'.repeat(60) + ' Bcdefghijk'; // 71 characters
  const exact = 'C'.repeat(68);
  fakeServer({ 'GET /api/category/books': listing([aProduct({ title: long }), aProduct({ title: exact })]) });
  renderApp('/category/books');
  expect(await screen.findByText(`${long.slice(0, 65)}...`)).toBeInTheDocument();
  expect(screen.getByText(exact)).toBeInTheDocument();
  expect(screen.queryByText(long)).not.toBeInTheDocument();
});

test("card titles are headings one level under the page's (h2 under its h1)", async () => {
  fakeServer({ 'GET /api/category/books': listing([aProduct({ title: 'Atlas of Periodontics' })]) });
  renderApp('/category/books');
  expect(await screen.findByRole('heading', { level: 2, name: 'Atlas of Periodontics' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Books' })).toBeInTheDocument();
});

test.each([
  [1280, '15'],
  [375, '12'],
])('at %i px the listing asks for %s items of the page in ?page=', async (width, limit) => {
  const server = fakeServer({ 'GET /api/category/books/Endodontics': listing([aProduct()], 3) });
  renderApp('/category/books/Endodontics?page=2', { width });
  expect(await screen.findByRole('link', { name: 'Page 3' })).toBeInTheDocument();
  const call = server.calls().find((c) => c.includes('/api/category/'));
  expect(call).toBe(`GET /api/category/books/Endodontics?page=2&limit=${limit}`);
  expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});

test('the listing fetch waits 300 ms', async () => {
  jest.useFakeTimers();
  try {
    const server = fakeServer({ 'GET /api/category/books': listing([aProduct({ title: 'Debounced Book' })]) });
    renderApp('/category/books');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(299);
    });
    expect(server.calls().filter((c) => c.includes('/api/category/'))).toHaveLength(0);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(server.calls().filter((c) => c.includes('/api/category/'))).toHaveLength(1);
    expect(await screen.findByText('Debounced Book')).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});
