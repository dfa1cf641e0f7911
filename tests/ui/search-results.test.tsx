import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProduct, fakeServer, renderApp } from './helpers';

test("without navigation state it shows 'No search results found'", async () => {
  fakeServer({});
  renderApp('/search-page');
  expect(await screen.findByText('No search results found')).toBeInTheDocument();
  expect(screen.queryByText(/\d+ results found/)).not.toBeInTheDocument();
});

test('shows the query, the total and 12 results per page', async () => {
  fakeServer({});
  const results = Array.from({ length: 14 }, (_, i) => aProduct({ title: `Result ${i + 1}` }));
  renderApp('/search-page', { state: { results, query: 'endodontics', totalResults: 14 } });
  expect(await screen.findByRole('heading', { name: 'Search Results for "endodontics"' })).toBeInTheDocument();
  expect(screen.getByText('14 results found')).toBeInTheDocument();
  const list = screen.getByRole('list', { name: 'Search results' });
  expect(within(list).getAllByRole('article')).toHaveLength(12);
  expect(within(list).queryByText('Result 13')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('link', { name: 'Page 2' }));
  const page2 = await screen.findByRole('list', { name: 'Search results' });
  expect(within(page2).getAllByRole('article')).toHaveLength(2);
  expect(within(page2).getByText('Result 13')).toBeInTheDocument();
  // the results survive paging because the state travels with the link
  expect(screen.getByText('14 results found')).toBeInTheDocument();
});
