import { act, screen, waitFor } from '@testing-library/react';
import { aProduct, fakeServer, pageOf } from './helpers';
import { renderApp } from './helpers';

const home = (price = 25, egpprice = 1200) => ({
  'GET /api/backendproduct/getproducts': pageOf([aProduct({ title: 'Priced Book', price, egpprice })]),
});

afterEach(() => jest.useRealTimers());

test('a location lookup slower than 5 s settles on USD', async () => {
  jest.useFakeTimers();
  fakeServer({ ...home(), 'GET /api/getip': () => new Promise(() => undefined) });
  renderApp('/');
  await act(async () => {
    await jest.advanceTimersByTimeAsync(100);
  });
  expect(screen.getByText('Priced Book')).toBeInTheDocument();
  expect(screen.queryByText('$25.00')).not.toBeInTheDocument();
  expect(screen.getByText('Loading price')).toBeInTheDocument();
  await act(async () => {
    await jest.advanceTimersByTimeAsync(4899);
  });
  expect(screen.queryByText('$25.00')).not.toBeInTheDocument();
  await act(async () => {
    await jest.advanceTimersByTimeAsync(1);
  });
  expect(screen.getByText('$25.00')).toBeInTheDocument();
});

test('a failed lookup settles on USD', async () => {
  fakeServer({ ...home(), 'GET /api/getip': () => 'throw' });
  renderApp('/');
  expect(await screen.findByText('$25.00')).toBeInTheDocument();
});

test('Egypt shows EGP prices', async () => {
  fakeServer({ ...home(), 'GET /api/getip': { body: { country: 'Egypt' } } });
  renderApp('/');
  expect(await screen.findByText('EGP 1,200')).toBeInTheDocument();
  expect(screen.queryByText('$25.00')).not.toBeInTheDocument();
});

test('a visit is tracked once the location is known, and again on every route change', async () => {
  let answer: (v: { body: unknown }) => void = () => undefined;
  const server = fakeServer({
    ...home(),
    'GET /api/getip': () => new Promise((resolve) => (answer = resolve)),
    'GET /api/category/courses': { body: { success: true, productdetails: [], totalPages: 1, total: 0 } },
  });
  renderApp('/');
  await screen.findByText('Priced Book');
  expect(server.bodies('/api/getip').filter(Boolean)).toEqual([]);
  answer({ body: { country: 'Brazil' } });
  await waitFor(() => expect(server.bodies('/api/getip').filter(Boolean)).toEqual([{ page: '/' }]));
  act(() => screen.getAllByRole('link', { name: 'Courses' })[0].click());
  await waitFor(() =>
    expect(server.bodies('/api/getip').filter(Boolean)).toEqual([{ page: '/' }, { page: '/category/courses' }]),
  );
});
