import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProduct, fakeServer, pageOf, renderApp } from './helpers';
import { withCode } from '../support/codes';

const home = { 'GET /api/backendproduct/getproducts': pageOf([]) };
const searchBox = () => screen.getByRole('search');
const field = () => within(searchBox()).getByRole('searchbox');
const submit = () => within(searchBox()).getByRole('button');

describe.each([
  ['desktop', 1280],
  ['mobile', 375],
])('navbar search box (%s)', (_name, width) => {
  test('submit stays disabled while the trimmed input is blank', async () => {
    fakeServer(home);
    renderApp('/', { width });
    const user = userEvent.setup();
    expect(submit()).toBeDisabled();
    await user.type(field(), '   ');
    expect(submit()).toBeDisabled();
    await user.type(field(), 'endo');
    expect(submit()).toBeEnabled();
  });

  test('a search asks for page 1 of 20 results, opens the results page and clears the field', async () => {
    const server = fakeServer({
      ...home,
      'POST /api/search': { body: { success: true, ...withCode('ok'), results: [aProduct({ title: 'Pathways of the Pulp' })], count: 1 } },
    });
    renderApp('/', { width });
    const user = userEvent.setup();
    await user.type(field(), '  pulp  {Enter}');
    expect(await screen.findByRole('heading', { name: 'Search Results for "pulp"' })).toBeInTheDocument();
    expect(screen.getByText('1 results found')).toBeInTheDocument();
    expect(screen.getByText('Pathways of the Pulp')).toBeInTheDocument();
    expect(server.bodies('/api/search')).toEqual([{ query: 'pulp', page: 1, limit: 20 }]);
    expect(field()).toHaveValue('');
  });

  test('submit is disabled while a search is in progress', async () => {
    let answer: (v: { body: unknown }) => void = () => undefined;
    fakeServer({ ...home, 'POST /api/search': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/', { width });
    const user = userEvent.setup();
    await user.type(field(), 'implant');
    await user.click(submit());
    expect(submit()).toBeDisabled();
    expect(field()).toHaveValue('implant');
    answer({ body: { success: true, ...withCode('No results found'), results: [], count: 0 } });
    expect(await screen.findByText('0 results found')).toBeInTheDocument();
    expect(field()).toHaveValue('');
  });
});

describe('search errors', () => {
  test("shows the server's message", async () => {
    fakeServer({ ...home, 'POST /api/search': { status: 400, body: { success: false, ...withCode('Please enter something to search for') } } });
    renderApp('/');
    const user = userEvent.setup();
    await user.type(field(), 'x{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter something to search for');
    expect(field()).toHaveValue('');
  });

  test("says 'No results found' when the server gives no message", async () => {
    fakeServer({ ...home, 'POST /api/search': { status: 404, body: { success: false } } });
    renderApp('/');
    const user = userEvent.setup();
    await user.type(field(), 'zzz{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No results found');
  });

  test("says 'Search failed' when the call throws", async () => {
    fakeServer({ ...home, 'POST /api/search': () => 'throw' });
    renderApp('/');
    const user = userEvent.setup();
    await user.type(field(), 'endo{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed');
    await waitFor(() => expect(field()).toHaveValue(''));
  });
});
