import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicProduct as Product } from '../../api/catalog';
import { aProduct, anId, fakeServer, renderApp } from './helpers';
import { withCode } from '../support/codes';

const ID = anId(0xabc);

function serve(product: Partial<Product>, extra: Parameters<typeof fakeServer>[0] = {}) {
  const p = aProduct({ _id: ID, ...product });
  return fakeServer({
    [`GET /api/backendproduct/details/${ID}`]: { body: { success: true, productDetails: p } },
    'GET /api/backendproduct/related': { body: { success: true, data: { relatedProducts: [] } } },
    'GET /api/backendproduct/recommended': { body: { success: true, data: { allProducts: [] }, totalPages: 1 } },
    ...extra,
  });
}

const details = () => within(screen.getByRole('table', { name: 'Product details' }));
const row = (label: string) => details().getByRole('row', { name: new RegExp(`^${label}`) });

test('shows title, authors joined by commas and the details table', async () => {
  serve({
    title: 'Endodontic Microsurgery',
    author: ['A. Kim', 'B. Lee', 'C. Cho'],
    size: 1500,
    Pages: 412,
    Language: 'English',
    format: 'epub + converted to pdf copy',
    year: '2022',
    isbn: '978-1-23',
    subcategory: ['Endodontics', 'Oral & maxillofacial surgery'],
  });
  renderApp(`/product/${ID}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Endodontic Microsurgery' })).toBeInTheDocument();
  expect(screen.getByText('A. Kim, B. Lee, C. Cho')).toBeInTheDocument();
  expect(row('Size')).toHaveTextContent('1.5 Gb');
  expect(row('Pages')).toHaveTextContent('412');
  expect(row('Format')).toHaveTextContent('EPUB + CONVERTED TO PDF COPY');
  expect(row('Year')).toHaveTextContent('2022');
  expect(row('ISBN')).toHaveTextContent('978-1-23');
  expect(details().queryByRole('row', { name: /^eISBN/ })).not.toBeInTheDocument();
  expect(details().queryByRole('row', { name: /^Duration/ })).not.toBeInTheDocument();
  expect(within(row('Book Categories')).getByRole('link', { name: 'Oral & maxillofacial surgery' })).toHaveAttribute(
    'href',
    '/category/books/Oral%20%26%20maxillofacial%20surgery',
  );
  expect(screen.getByRole('img', { name: 'Cover of Endodontic Microsurgery' })).toHaveAttribute('src', `/covers/${ID}.svg`);
});

test('small sizes show in Mb; course fields show when present', async () => {
  serve({ category: 'courses', size: 999, duration: '12 hours', videonumbers: '36', subcategory: [] });
  renderApp(`/product/${ID}`);
  await screen.findByRole('table', { name: 'Product details' });
  expect(row('Size')).toHaveTextContent('999 Mb');
  expect(row('Duration')).toHaveTextContent('12 hours');
  expect(row('Number of videos')).toHaveTextContent('36');
  expect(details().queryByRole('row', { name: /^Book Categories/ })).not.toBeInTheDocument();
});

test.each([
  ['United States', { price: 25, egpprice: 1200 }, '$25.00'],
  ['Egypt', { price: 25, egpprice: 1200 }, 'EGP 1,200'],
  ['United States', { price: 0, egpprice: 0 }, 'Free'],
  ['Egypt', { price: 0, egpprice: 0 }, 'Free'],
])('a visitor from %s sees the price %j as %s', async (country, prices, shown) => {
  serve(prices, { 'GET /api/getip': { body: { country } } });
  renderApp(`/product/${ID}`);
  const priceLine = await screen.findByText(/^Price:/, { selector: 'span' }).then((label) => label.parentElement!);
  expect(await within(priceLine).findByText(shown)).toBeInTheDocument();
});

describe('description', () => {
  const heights = (scroll: number, client: number) => {
    jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scroll);
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(client);
  };
  afterEach(() => jest.restoreAllMocks());

  test('a long description is collapsed with See more / See less', async () => {
    heights(900, 300);
    serve({ description: 'Long text '.repeat(200) });
    renderApp(`/product/${ID}`);
    const more = await screen.findByRole('button', { name: 'See more' });
    const text = screen.getByTestId('description');
    expect(text).toHaveClass('collapsible__text--clamped');
    expect(text.dataset.lines).toBe('12');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(text).not.toHaveClass('collapsible__text--clamped');
    await userEvent.click(screen.getByRole('button', { name: 'See less' }));
    expect(screen.getByRole('button', { name: 'See more' })).toBeInTheDocument();
  });

  test('is clamped to 6 lines on mobile', async () => {
    heights(900, 150);
    serve({ description: 'Long text '.repeat(200) });
    renderApp(`/product/${ID}`, { width: 375 });
    await screen.findByRole('button', { name: 'See more' });
    expect(screen.getByTestId('description').dataset.lines).toBe('6');
  });

  test('a description that fits has no toggle', async () => {
    heights(100, 100);
    serve({ description: 'Short.' });
    renderApp(`/product/${ID}`);
    expect(await screen.findByText('Short.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /See (more|less)/ })).not.toBeInTheDocument();
  });
});

test('sets the document title and a description meta text cut at 150 characters', async () => {
  const description = `${'x'.repeat(150)}TAIL`;
  serve({ title: 'Orthodontic Mechanics', description });
  renderApp(`/product/${ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Orthodontic Mechanics' });
  expect(document.title).toContain('Orthodontic Mechanics');
  expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'x'.repeat(150));
});

test('Add to cart leads a signed-out visitor to sign in', async () => {
  serve({});
  renderApp(`/product/${ID}`);
  const button = await screen.findByRole('button', { name: 'Add to cart' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
});

test('Buy now offers a signed-out visitor to sign in or to continue as a guest (DECISIONS 25)', async () => {
  serve({});
  renderApp(`/product/${ID}`);
  const button = await screen.findByRole('button', { name: 'Buy now' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  expect(await screen.findByRole('button', { name: 'Continue as guest' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
});

test('related products: 4 cards of the same type with titles cut at 50', async () => {
  const related = Array.from({ length: 4 }, (_, i) => aProduct({ title: `${'R'.repeat(55)}${i}` }));
  const server = serve(
    { category: 'courses' },
    { 'GET /api/backendproduct/related': { body: { success: true, data: { relatedProducts: related } } } },
  );
  renderApp(`/product/${ID}`);
  const list = await screen.findByRole('list', { name: 'Related Products' });
  expect(within(list).getAllByRole('article')).toHaveLength(4);
  expect(within(list).getAllByText(`${'R'.repeat(50)}...`)).toHaveLength(4);
  expect(server.calls()).toContain(`GET /api/backendproduct/related?category=courses&exclude=${ID}&limit=4`);
});

test('recommended grid: paged by ?page=, titles cut to 68 plus ..., cards open the product', async () => {
  const rec = aProduct({ _id: anId(0xfed), title: 'Z'.repeat(70) });
  const server = serve(
    {},
    { 'GET /api/backendproduct/recommended': { body: { success: true, data: { allProducts: [rec] }, totalPages: 3 } } },
  );
  renderApp(`/product/${ID}?page=2`);
  const list = await screen.findByRole('list', { name: 'Recommended products' });
  expect(within(list).getByText(`${'Z'.repeat(68)}...`)).toBeInTheDocument();
  expect(within(list).getByRole('link')).toHaveAttribute('href', `/product/${rec._id}`);
  expect(server.calls().some((c) => c.startsWith('GET /api/backendproduct/recommended?page=2&'))).toBe(true);
  expect(screen.getByRole('navigation', { name: 'Recommended pages' })).toBeInTheDocument();
});

test('an unknown product says so', async () => {
  fakeServer({
    [`GET /api/backendproduct/details/${ID}`]: { status: 404, body: { success: false, ...withCode('Product not found') } },
  });
  renderApp(`/product/${ID}`);
  expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
  expect(screen.getByText('The requested product could not be found.')).toBeInTheDocument();
});

test("other failures say 'Failed to load product details'", async () => {
  fakeServer({ [`GET /api/backendproduct/details/${ID}`]: { status: 500, body: { success: false, ...withCode('db down') } } });
  renderApp(`/product/${ID}`);
  expect(await screen.findByText('Failed to load product details')).toBeInTheDocument();
  expect(screen.queryByText('Product not found')).not.toBeInTheDocument();
});

test('a cover that fails to load is hidden', async () => {
  serve({ title: 'Broken Cover' });
  renderApp(`/product/${ID}`);
  const img = await screen.findByRole('img', { name: 'Cover of Broken Cover' });
  fireEvent.error(img);
  expect(await screen.findByRole('heading', { level: 1, name: 'Broken Cover' })).toBeInTheDocument();
  expect(screen.queryByRole('img', { name: 'Cover of Broken Cover' })).not.toBeInTheDocument();
});
