import { useEffect } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderSummary } from '../../ui/src/api/client';
import { anId, fakeServer, renderApp } from './helpers';
import { withCode } from '../support/codes';

/** pdf.js draws on a canvas jsdom has not: a stand-in that shows what the page handed it and turns pages. */
jest.mock('../../ui/src/reader/PdfReader', () => ({
  PdfReader: ({ url, title, startPage, onPage }: { url: string; title: string; startPage: number; onPage: (page: number) => void }) => {
    useEffect(() => onPage(startPage), [onPage, startPage]);
    return (
      <section aria-label={`Reader: ${title}`}>
        <p>{`Opened ${url} at page ${startPage}`}</p>
        <button type="button" onClick={() => onPage(startPage + 1)}>
          Next
        </button>
      </section>
    );
  },
}));

const ORDER = anId(0x4ead01);
const PRODUCT = anId(0x4ead02);
const PDF = anId(0x4ead03);
const ZIP = anId(0x4ead04);
const files = `/api/orders/${ORDER}/files/${PRODUCT}`;

const order: OrderSummary = {
  _id: ORDER,
  status: 'paid',
  state: 'paid',
  createdAt: '2026-11-03T10:00:00.000Z',
  delivered: true,
  currency: 'USD',
  refunded: 0,
  provider: 'paypal',
  method: 'paypal',
  total: 0,
  products: [
    {
      _id: PRODUCT,
      title: 'Atlas',
      price: 0,
      files: {
        files: [
          { _id: PDF, name: 'Atlas.pdf', kind: 'pdf', size: 2048 },
          { _id: ZIP, name: 'Cases.zip', kind: 'zip', size: 4096 },
        ],
        used: 0,
        limit: 5,
      },
    },
  ],
};

describe('the Read button and the reader page', () => {
  test("a guest's library lists each file with Download, and Read for a PDF; the reader opens at the kept page and keeps the next", async () => {
    const readUrl = `${files}/${PDF}?purpose=read&expires=1&sig=s`;
    const server = fakeServer({
      'GET /api/guest/library': { body: { success: true, library: { email: 'hana@mail.test', orders: [order] } } },
      [`POST ${files}/${PDF}/read-link`]: { body: { success: true, url: readUrl, expiresAt: '2026-11-03T16:00:00.000Z', name: 'Atlas.pdf' } },
      [`GET ${files}/${PDF}/page`]: { body: { success: true, page: 7 } },
      [`PUT ${files}/${PDF}/page`]: { body: { success: true, page: 8 } },
    });
    renderApp('/library', { width: 375 });
    const list = within(await screen.findByRole('list', { name: 'Files of Atlas' }));
    expect(list.getByRole('button', { name: 'Download Atlas.pdf' })).toBeInTheDocument();
    expect(list.getByRole('button', { name: 'Download Cases.zip' })).toBeInTheDocument();
    expect(list.queryByRole('link', { name: 'Read Cases.zip' })).toBeNull();
    await userEvent.click(list.getByRole('link', { name: 'Read Atlas.pdf' }));

    const reader = within(await screen.findByRole('region', { name: 'Reader: Atlas.pdf' }));
    expect(reader.getByText(`Opened ${readUrl} at page 7`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Atlas.pdf' })).toBeInTheDocument();
    // The page it opened on is not sent back; a turn is, once the reader settles on it.
    await userEvent.click(reader.getByRole('button', { name: 'Next' }));
    const sent = () => server.bodies(`${files}/${PDF}/page`).filter((body) => body !== null && body !== undefined);
    await waitFor(() => expect(sent()).toEqual([{ page: 8 }]), { timeout: 2000 });
  });

  test('signed out and without a library, the reader says how to get in', async () => {
    fakeServer({
      [`POST ${files}/${PDF}/read-link`]: { status: 401, body: { success: false, ...withCode('Please sign in first') } },
      [`GET ${files}/${PDF}/page`]: { status: 401, body: { success: false, ...withCode('Please sign in first') } },
    });
    renderApp(`/reader/${ORDER}/${PRODUCT}/${PDF}`);
    expect(await screen.findByText('Sign in, or open your library from its e-mailed link, to read your purchases.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your library' })).toHaveAttribute('href', '/library');
  });

  test("a file the server will not open in the reader shows the server's reason", async () => {
    fakeServer({
      [`POST ${files}/${ZIP}/read-link`]: { status: 400, body: { success: false, ...withCode('Only PDF files open in the reader: download this one instead') } },
      [`GET ${files}/${ZIP}/page`]: { status: 400, body: { success: false, ...withCode('Only PDF files open in the reader: download this one instead') } },
    });
    renderApp(`/reader/${ORDER}/${PRODUCT}/${ZIP}`);
    expect(await screen.findByText('Only PDF files open in the reader: download this one instead')).toBeInTheDocument();
  });
});
