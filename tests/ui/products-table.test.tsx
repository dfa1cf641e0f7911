import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EditableProductData, ProductsTableRowData } from '../../ui/src/api/admin';
import { anId, fakeServer, renderApp, signedInAs, type Reply } from './helpers';
import { withCode } from '../support/codes';

const asAdmin = signedInAs('boss', { role: 'Admin' });
const ID = anId(0xbeef21);

const aRow = (overrides: Partial<ProductsTableRowData> = {}): ProductsTableRowData => ({
  _id: ID,
  title: 'Clinical Endodontics',
  author: ['Hanan Elsayed'],
  cover: '/covers/endo.webp',
  category: 'books',
  subcategory: ['Endodontics'],
  price: 25.5,
  egpprice: 1200,
  keepEgpPrice: true,
  sales: 7,
  hasFile: true,
  deleted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const editable: EditableProductData = {
  _id: ID, title: 'Clinical Endodontics', author: ['Hanan Elsayed'], description: 'A guide.', covers: [], smallCover: [], price: 25.5, egpprice: 1200,
  category: 'books', subcategory: ['Endodontics'], size: 48, Pages: 320, Language: 'English', format: 'pdf', year: '2023',
  producturl: 'https://files.example/endo.pdf', downloadpass: 'p', createdAt: '2026-01-01T00:00:00.000Z', deleted: false, keepEgpPrice: true, version: 4,
};

const tableOf = (rows: ProductsTableRowData[]): Reply => ({ body: { success: true, products: rows, page: 1, totalPages: 1, total: rows.length } });
const preview: Reply = {
  body: { success: true, egpPerUsd: '50', products: 64, kept: 2, examples: [{ _id: ID, title: 'Clinical Endodontics', price: 25.5, before: 1200, after: 1275 }] },
};

type Routes = Record<string, Reply | ((url: URL, init?: RequestInit) => Reply)>;

/** The spec's Product Management Suite, where Update Prices is. */
const openSuite = async (routes: Routes) => {
  const user = userEvent.setup({ delay: null });
  const server = fakeServer({ ...asAdmin, 'GET /api/admin/products/reprice-preview': preview, ...routes });
  renderApp('/productEditor');
  expect(await screen.findByRole('heading', { level: 1, name: 'Product Management Suite' })).toBeInTheDocument();
  return { user, server };
};

const open = async (routes: Routes = {}, path = '/admin/products') => {
  const user = userEvent.setup({ delay: null });
  const server = fakeServer({ ...asAdmin, 'GET /api/admin/products': tableOf([aRow()]), 'GET /api/admin/products/reprice-preview': preview, ...routes });
  renderApp(path);
  const table = within(await screen.findByRole('region', { name: 'All products' }));
  await table.findByText('Clinical Endodontics');
  return { user, server, table };
};
/** The calls made starting with `prefix`, the visit count (POST /api/getip) aside. */
const calls = (server: ReturnType<typeof fakeServer>, prefix: string) => server.calls().filter((c) => c.startsWith(prefix) && !c.startsWith('POST /api/getip'));

describe('the products table, /admin/products (issue 21)', () => {
  test('shows each product with its cover, type, prices, kept mark, sales and file', async () => {
    const { table } = await open();
    const row = within(table.getByText('Clinical Endodontics').closest('tr')!);
    expect(row.getByText('Hanan Elsayed')).toBeInTheDocument();
    expect(row.getByText('$25.50')).toBeInTheDocument();
    expect(row.getByText('EGP 1,200')).toBeInTheDocument();
    expect(row.getByText('kept')).toBeInTheDocument();
    expect(row.getByText('7')).toBeInTheDocument();
    expect(row.getByText('Has a file')).toBeInTheDocument();
    expect(table.getByText('1 product')).toBeInTheDocument();
  });

  test('says "more than" when a search matched more products than it counted', async () => {
    const { table } = await open({ 'GET /api/admin/products': { body: { success: true, products: [aRow()], page: 1, totalPages: 50, total: 1000, more: true } } });
    expect(table.getByText('More than 1,000 products')).toBeInTheDocument();
  });

  test('searches what is typed, filters and sorts through the server', async () => {
    const { user, server, table } = await open();
    await user.type(table.getByRole('searchbox', { name: 'Search by title or author' }), 'elsay');
    await waitFor(() => expect(calls(server, 'GET /api/admin/products?').some((c) => c.includes('q=elsay'))).toBe(true));
    await user.selectOptions(table.getByRole('combobox', { name: 'Show' }), 'only');
    await waitFor(() => expect(calls(server, 'GET /api/admin/products?').some((c) => c.includes('deleted=only'))).toBe(true));
    await user.click(table.getByRole('button', { name: /^Sales/ }));
    await waitFor(() => expect(calls(server, 'GET /api/admin/products?').some((c) => c.includes('sort=sales') && c.includes('dir=desc'))).toBe(true));
  });

  test('Delete asks first, naming the product; Cancel sends nothing; confirming deletes and reloads', async () => {
    const { user, server, table } = await open({ [`DELETE /api/backendproduct/remove/${ID}`]: { body: { success: true, ...withCode('Product deleted successfully') } } });
    await user.click(table.getByRole('button', { name: 'Delete Clinical Endodontics' }));
    let asked = within(await screen.findByRole('dialog', { name: 'Delete this product?' }));
    expect(asked.getByText(/“Clinical Endodontics” leaves the shop/)).toBeInTheDocument();
    await user.click(asked.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls(server, 'DELETE')).toEqual([]);

    const loads = calls(server, 'GET /api/admin/products?').length;
    await user.click(table.getByRole('button', { name: 'Delete Clinical Endodontics' }));
    asked = within(await screen.findByRole('dialog', { name: 'Delete this product?' }));
    await user.click(asked.getByRole('button', { name: 'Delete “Clinical Endodontics”' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Product deleted successfully');
    expect(calls(server, 'DELETE')).toEqual([`DELETE /api/backendproduct/remove/${ID}`]);
    await waitFor(() => expect(calls(server, 'GET /api/admin/products?').length).toBeGreaterThan(loads));
  });

  test('Duplicate copies the product; Recreate shows on a deleted one', async () => {
    const { user, server, table } = await open({
      'GET /api/admin/products': tableOf([aRow(), aRow({ _id: anId(0xbeef22), title: 'Old Atlas', deleted: true })]),
      [`POST /api/admin/products/${ID}/duplicate`]: { status: 201, body: { success: true, ...withCode('The product is duplicated: the copy is a new product, without the files'), id: anId(0xbeef23) } },
    });
    await user.click(table.getByRole('button', { name: 'Duplicate Clinical Endodontics' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Duplicated: the copy is a new product, without the files.');
    expect(calls(server, 'POST')).toEqual([`POST /api/admin/products/${ID}/duplicate`]);
    expect(table.getByRole('button', { name: 'Recreate Old Atlas' })).toBeInTheDocument();
    expect(table.queryByRole('button', { name: 'Delete Old Atlas' })).not.toBeInTheDocument();
  });

  test("Edit opens the spec's edit dialog filled, and its save sends the version loaded; a 409 says why", async () => {
    const { user, server, table } = await open({
      [`GET /api/backendproduct/getdetailsforrUpdate/${ID}`]: { body: { success: true, data: editable } },
      [`POST /api/backendproduct/updateTheDetails/${ID}`]: {
        status: 409,
        body: { success: false, ...withCode('Another admin saved this product after you opened it. Your changes were not saved: load it again to see theirs.') },
      },
    });
    await user.click(table.getByRole('button', { name: 'Edit Clinical Endodontics' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
    expect(dialog.getByRole('textbox', { name: 'Product ID' })).toHaveValue(ID);
    expect(dialog.getByRole('textbox', { name: /^Title/ })).toHaveValue('Clinical Endodontics');
    expect(dialog.getByRole('checkbox', { name: 'Keep this EGP price' })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Update Product' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Another admin saved this product after you opened it.');
    const sent = server.fetch.mock.calls.find(([input]) => String(input) === `/api/backendproduct/updateTheDetails/${ID}`)![1] as RequestInit;
    expect((sent.body as FormData).get('version')).toBe('4');
    expect((sent.body as FormData).get('keepEgpPrice')).toBe('true');
  });
});

describe("Update Prices' confirmation (issue 21)", () => {
  test('shows the rate, how many products, the kept ones and examples; Cancel changes nothing; confirming applies once', async () => {
    const { user, server } = await openSuite({
      'POST /api/backendproduct/updateproductprices': { body: { success: true, ...withCode('updated successfully'), updated: 64, egpPerUsd: '50' } },
    });
    await user.click(screen.getByRole('button', { name: 'Update Prices' }));
    let asked = within(await screen.findByRole('dialog', { name: 'Update EGP prices?' }));
    expect(await asked.findByText('Rate: 50 EGP per USD.')).toBeInTheDocument();
    expect(asked.getByText('64 products get their EGP price from their USD price.')).toBeInTheDocument();
    expect(asked.getByText('2 products keep their EGP price set by hand.')).toBeInTheDocument();
    const example = within(asked.getByRole('table', { name: 'For example' }));
    expect(example.getByRole('row', { name: /Clinical Endodontics \$25\.50 EGP 1,200 EGP 1,275/ })).toBeInTheDocument();
    await user.click(asked.getByRole('button', { name: 'Cancel' }));
    expect(calls(server, 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Update Prices' }));
    asked = within(await screen.findByRole('dialog', { name: 'Update EGP prices?' }));
    await asked.findByText('Rate: 50 EGP per USD.');
    await user.click(asked.getByRole('button', { name: 'Update Prices' }));
    expect(await screen.findByRole('status')).toHaveTextContent('64 products priced at 50 EGP per USD.');
    expect(calls(server, 'POST')).toEqual(['POST /api/backendproduct/updateproductprices']);
  });

  test('a preview that fails says so, and the reprice cannot be confirmed', async () => {
    const { user, server } = await openSuite({ 'GET /api/admin/products/reprice-preview': { status: 400, body: { success: false, ...withCode('The exchange rate must be a positive number of pounds per dollar (at most 4 decimals, at most 200)') } } });
    await user.click(screen.getByRole('button', { name: 'Update Prices' }));
    const asked = within(await screen.findByRole('dialog', { name: 'Update EGP prices?' }));
    expect(await asked.findByRole('alert')).toHaveTextContent('Could not check what Update Prices would do');
    expect(asked.getByRole('button', { name: 'Update Prices' })).toBeDisabled();
    expect(calls(server, 'POST')).toEqual([]);
  });
});
