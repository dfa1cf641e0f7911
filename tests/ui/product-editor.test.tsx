import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { FORM_CHOICES, REQUIRED_FIELDS, FIELD_LABELS } from '../../core/catalog/domain/product-form';
import { UPLOAD_HINT } from '../../core/catalog/domain/images';
import { FREE_OR_PRICED } from '../../core/catalog/domain/free';
import type { EditableProductData } from '../../ui/src/api/admin';
import { anId, fakeServer, renderApp, signedInAs, type FakeServer, type Reply } from './helpers';
import { withCode } from '../support/codes';

afterEach(() => jest.useRealTimers());

const asAdmin = signedInAs('boss', { role: 'Admin' });
const ID = anId(0xbeef01);

function anEditableProduct(overrides: Partial<EditableProductData> = {}): EditableProductData {
  return {
    _id: ID,
    title: 'Clinical Endodontics',
    author: ['Ana Souza', 'Omar Khaled'],
    description: 'A practical guide to root canal treatment.',
    covers: ['https://img.example/cover.jpg'],
    smallCover: ['/uploads/small.webp'],
    price: 25.5,
    egpprice: 1200,
    category: 'books',
    subcategory: ['Endodontics', 'Anatomy'],
    size: 48,
    Pages: 320,
    Language: 'English',
    format: 'pdf',
    year: '2023',
    isbn: '978-0-00-000000-0',
    producturl: 'https://files.example/endo.pdf',
    downloadpass: 'endo-2023',
    createdAt: '2026-01-01T00:00:00.000Z',
    deleted: false,
    keepEgpPrice: false,
    version: 0,
    ...overrides,
  };
}

/** What Update Prices would do, as its confirmation shows it. */
const aPreview: Reply = {
  body: { success: true, egpPerUsd: '50.5', products: 64, kept: 2, examples: [{ _id: ID, title: 'Clinical Endodontics', price: 25.5, before: 1200, after: 1288 }] },
};

/** Update Prices as the admin does it now (issue 21): the card's button, then the confirmation's. */
async function updatePricesConfirmed(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Update Prices' }));
  const asked = within(await screen.findByRole('dialog', { name: 'Update EGP prices?' }));
  await asked.findByText('Rate: 50.5 EGP per USD.');
  await user.click(asked.getByRole('button', { name: 'Update Prices' }));
}

const saved: Reply = { body: { success: true, ...withCode('Product added successfully!'), id: ID } };

async function openSuite(routes: Record<string, Reply | (() => Reply | 'throw')> = {}, user: UserEvent = userEvent.setup({ delay: null })) {
  const server = fakeServer({ ...asAdmin, 'GET /api/admin/products/reprice-preview': aPreview, ...routes });
  renderApp('/productEditor');
  expect(await screen.findByRole('heading', { level: 1, name: 'Product Management Suite' })).toBeInTheDocument();
  return { server, user };
}

async function openDialog(user: UserEvent, button: 'Create Product' | 'Edit Product', name: 'New Product' | 'Edit Product') {
  await user.click(screen.getByRole('button', { name: button }));
  return within(screen.getByRole('dialog', { name }));
}

type Scope = ReturnType<typeof within>;

/** The required fields, typed as an admin would. */
/** Text entered at once (a paste: one input event), where typing it key by key would only re-render the form per key. */
async function enter(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillRequired(user: UserEvent, form: Scope) {
  await enter(user, form.getByRole('textbox', { name: 'Title' }), 'Implant Basics');
  await enter(user, form.getByRole('textbox', { name: 'Author' }), 'Ana Souza,  Omar Khaled ,');
  await enter(user, form.getByRole('textbox', { name: 'Description' }), 'Placing implants, step by step.');
  await enter(user, form.getByRole('spinbutton', { name: 'Price (USD)' }), '19.99');
  await user.type(form.getByRole('spinbutton', { name: 'Price (EGP)' }), '950');
  await user.type(form.getByRole('spinbutton', { name: 'Size (MB)' }), '12.5');
  await user.type(form.getByRole('spinbutton', { name: 'Pages' }), '210');
}

/** The multipart bodies sent to a path. */
const formsSentTo = (server: FakeServer, path: string): FormData[] =>
  server.fetch.mock.calls.filter(([input]) => String(input) === path).map(([, init]) => (init as RequestInit).body as FormData);

const pngFile = (name = 'cover.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('the Product Management Suite for someone who is not an admin', () => {
  test('a signed-in user sees Access Restricted, why, and the chip; no admin call is made', async () => {
    const server = fakeServer(signedInAs('ana123'));
    renderApp('/productEditor');
    expect(await screen.findByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'You need administrator privileges to access the Product Management Suite. Please contact your system administrator for access.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Admin Access Required')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Product' })).not.toBeInTheDocument();
    expect(server.calls().filter((c) => c.includes('backendproduct'))).toEqual([]);
  });

  test('a failed role check counts as no rights', async () => {
    fakeServer({ ...asAdmin, 'GET /api/user/islogged2': { status: 500, body: { success: false, ...withCode('down') } } });
    renderApp('/productEditor');
    expect(await screen.findByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument();
  });

  test('signed out, the page is the sign-in form', async () => {
    fakeServer({});
    renderApp('/productEditor');
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('the suite for an admin', () => {
  test('three cards: Add New Product, Edit Products, Update Pricing, each with its button', async () => {
    await openSuite();
    const tools = within(screen.getByRole('list', { name: 'Tools' }));
    expect(tools.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Add New Product', 'Edit Products', 'Update Pricing']);
    for (const name of ['Create Product', 'Edit Product', 'Update Prices']) expect(tools.getByRole('button', { name })).toBeEnabled();
  });

  test('the admin links show in the profile for an admin only', async () => {
    fakeServer({ ...asAdmin, 'GET /api/user/profiledata': { body: { success: true, userData: { username: 'boss', email: 'boss@example.com', connected: [], hasPassword: true, orders: [] } } } });
    renderApp('/user/profile');
    const admin = within(await screen.findByRole('region', { name: 'Store administration' }));
    expect(admin.getByRole('link', { name: 'Customer Orders' })).toHaveAttribute('href', '/Allusers/orders');
    expect(admin.getByRole('link', { name: 'Product editor' })).toHaveAttribute('href', '/productEditor');
  });
});

describe('the product form', () => {
  test('every field of a product, required ones marked, numbers as numbers, the lists from the core', async () => {
    const { user } = await openSuite();
    const dialog = await openDialog(user, 'Create Product', 'New Product');
    const form = within(dialog.getByRole('form', { name: 'Product Information' }));
    for (const field of REQUIRED_FIELDS) expect(form.getByLabelText(new RegExp(`^${FIELD_LABELS[field].replace(/[()]/g, '\\$&')}`))).toBeRequired();
    for (const name of ['Price (USD)', 'Price (EGP)', 'Pages', 'Size (MB)']) expect(form.getByRole('spinbutton', { name })).toHaveAttribute('type', 'number');
    for (const name of ['Year', 'ISBN', 'eISBN', 'Duration', 'Number of videos', 'Download link', 'Download password'])
      expect(form.getByRole('textbox', { name })).not.toBeRequired();

    const options = (name: string) => within(form.getByRole('combobox', { name })).getAllByRole('option').map((o) => o.textContent);
    expect(options('Category')).toEqual(['books', 'courses', 'journals']);
    expect(options('Language')).toEqual(['Not set', ...FORM_CHOICES.Language]);
    expect(options('Format')).toEqual(['Not set', 'PDF', 'EPUB', 'EPUB + CONVERTED TO PDF COPY']);
    const categories = within(form.getByRole('group', { name: 'Book Categories' }));
    expect(categories.getAllByRole('checkbox')).toHaveLength(FORM_CHOICES.subcategory.length);

    expect(form.getAllByText(UPLOAD_HINT)).toHaveLength(2);
    expect(UPLOAD_HINT).toBe('JPG, PNG, GIF, WebP, max 10MB per image');
    expect(form.getByLabelText('Covers: upload images')).toHaveAttribute('accept', '.jpg,.jpeg,image/jpeg,.png,image/png,.gif,image/gif,.webp,image/webp');
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Create Product' })).toBeInTheDocument();
  });

  test('an image address is added with Enter when it is not blank, listed as URL, and removed on its own', async () => {
    const { user } = await openSuite();
    const dialog = await openDialog(user, 'Create Product', 'New Product');
    const address = dialog.getByRole('textbox', { name: 'Covers: image address' });
    await user.type(address, '   {Enter}');
    expect(dialog.queryByRole('list', { name: 'Covers added' })).not.toBeInTheDocument();
    await user.type(address, '  https://img.example/a.jpg {Enter}');
    await user.type(address, '/uploads/b.png{Enter}');
    expect(address).toHaveValue('');
    // Enter adds the address; it does not submit the form
    expect(screen.getByRole('dialog', { name: 'New Product' })).toBeInTheDocument();
    await user.upload(dialog.getByLabelText('Covers: upload images'), pngFile());

    const covers = () => within(dialog.getByRole('list', { name: 'Covers added' }));
    expect(covers().getAllByRole('listitem').map((li) => li.textContent?.replace(/Remove.*/, ''))).toEqual([
      'URLhttps://img.example/a.jpg',
      'URL/uploads/b.png',
      'Filecover.png',
    ]);
    await user.click(covers().getByRole('button', { name: 'Remove URL https://img.example/a.jpg' }));
    await user.click(covers().getByRole('button', { name: 'Remove File cover.png' }));
    expect(covers().getAllByRole('listitem').map((li) => li.textContent?.replace(/Remove.*/, ''))).toEqual(['URL/uploads/b.png']);
    expect(dialog.queryByRole('list', { name: 'Small cover added' })).not.toBeInTheDocument();
  });

  test('a file over 10 MB is not added, and says why', async () => {
    const { user } = await openSuite();
    const dialog = await openDialog(user, 'Create Product', 'New Product');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(dialog.getByLabelText('Small cover: upload images'), big);
    expect(dialog.getByRole('alert')).toHaveTextContent('Each image must be at most 10 MB');
    expect(dialog.queryByRole('list', { name: 'Small cover added' })).not.toBeInTheDocument();
  });
});

describe('creating a product', () => {
  test("the core's problems, all at once, before anything is sent; the dialog stays open", async () => {
    const { user, server } = await openSuite({ 'POST /api/backendproduct/addnew': saved });
    const dialog = await openDialog(user, 'Create Product', 'New Product');
    await user.type(dialog.getByRole('spinbutton', { name: 'Price (USD)' }), '-3');
    await user.click(dialog.getByRole('button', { name: 'Create Product' }));
    const alert = dialog.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to add the product:');
    for (const problem of ['Title is required', 'Author is required', 'Price (USD) cannot be negative', 'Price (EGP) is required', 'Pages is required'])
      expect(within(alert).getByText(problem)).toBeInTheDocument();
    expect(formsSentTo(server, '/api/backendproduct/addnew')).toEqual([]);
  });

  test('a problem leaves the list once its field is fixed, and the banner goes with the last one', async () => {
    // the clock stands still: the banner goes because the fields were fixed, not after its 5 s
    jest.useFakeTimers();
    const { user } = await openSuite({}, userEvent.setup({ advanceTimers: jest.advanceTimersByTime }));
    const dialog = await openDialog(user, 'Create Product', 'New Product');
    await user.click(dialog.getByRole('button', { name: 'Create Product' }));
    const alert = dialog.getByRole('alert');
    expect(within(alert).getByText('Title is required')).toBeInTheDocument();
    await enter(user, dialog.getByRole('textbox', { name: 'Title' }), 'Implant Basics');
    expect(within(alert).queryByText('Title is required')).not.toBeInTheDocument();
    expect(within(alert).getByText('Author is required')).toBeInTheDocument();
    await user.clear(dialog.getByRole('textbox', { name: 'Title' }));
    await fillRequired(user, dialog);
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('the two optional Arabic fields are typed right to left, in Arabic, and sent; the English form needs neither', async () => {
    const { user, server } = await openSuite({ 'POST /api/backendproduct/addnew': saved });
    const dialog = await openDialog(user, 'Create Product', 'New Product');
    const title = dialog.getByRole('textbox', { name: 'Arabic title' });
    const description = dialog.getByRole('textbox', { name: 'Arabic description' });
    for (const field of [title, description]) {
      expect(field).toHaveAttribute('dir', 'rtl');
      expect(field).toHaveAttribute('lang', 'ar');
      expect(field).not.toBeRequired();
    }
    await fillRequired(user, dialog);
    await enter(user, title, 'أساسيات زراعة الأسنان');
    await user.click(dialog.getByRole('button', { name: 'Create Product' }));
    await screen.findByRole('status');
    const [sent] = formsSentTo(server, '/api/backendproduct/addnew');
    expect([sent!.get('arabicTitle'), sent!.get('arabicDescription')]).toEqual(['أساسيات زراعة الأسنان', '']);
  });

  test('a price in one currency with 0 in the other is refused before anything is sent (DECISIONS 22)', async () => {
    const { user, server } = await openSuite({ 'POST /api/backendproduct/addnew': saved });
    const dialog = await openDialog(user, 'Create Product', 'New Product');
    await fillRequired(user, dialog);
    await user.clear(dialog.getByRole('spinbutton', { name: 'Price (EGP)' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Price (EGP)' }), '0');
    await user.click(dialog.getByRole('button', { name: 'Create Product' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(`Failed to add the product: ${FREE_OR_PRICED}`);
    expect(formsSentTo(server, '/api/backendproduct/addnew')).toEqual([]);
  });

  test('sends the form as multipart: fields, name[] lists, image addresses and files; then closes, resets and says so for 5 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { server } = await openSuite({ 'POST /api/backendproduct/addnew': saved }, user);
    let dialog = await openDialog(user, 'Create Product', 'New Product');
    await fillRequired(user, dialog);
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Format' }), 'EPUB');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Language' }), 'Arabic');
    await user.click(dialog.getByRole('checkbox', { name: 'Implantology' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Anatomy' }));
    await user.type(dialog.getByRole('textbox', { name: 'Covers: image address' }), 'https://img.example/a.jpg{Enter}');
    await user.upload(dialog.getByLabelText('Covers: upload images'), pngFile('front.png'));
    await user.upload(dialog.getByLabelText('Small cover: upload images'), pngFile('thumb.png'));
    await enter(user, dialog.getByRole('textbox', { name: 'Download link' }), 'https://files.example/implants.pdf');

    await user.click(dialog.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`Product added successfully!Product ID: ${ID}`);
    const [sent] = formsSentTo(server, '/api/backendproduct/addnew');
    expect(sent).toBeInstanceOf(FormData);
    expect(sent!.getAll('author[]')).toEqual(['Ana Souza', 'Omar Khaled']);
    expect(sent!.getAll('subcategory[]')).toEqual(['Anatomy', 'Implantology']);
    expect(sent!.getAll('covers[]')).toEqual(['https://img.example/a.jpg']);
    expect(sent!.getAll('smallCover[]')).toEqual([]);
    expect((sent!.getAll('coversFiles') as File[]).map((f) => f.name)).toEqual(['front.png']);
    expect((sent!.getAll('smallCoverFiles') as File[]).map((f) => f.name)).toEqual(['thumb.png']);
    expect(
      Object.fromEntries(['title', 'price', 'egpprice', 'size', 'Pages', 'category', 'format', 'Language', 'producturl', 'isbn'].map((k) => [k, sent!.get(k)])),
    ).toEqual({
      title: 'Implant Basics',
      price: '19.99',
      egpprice: '950',
      size: '12.5',
      Pages: '210',
      category: 'books',
      format: 'epub',
      Language: 'Arabic',
      producturl: 'https://files.example/implants.pdf',
      isbn: '',
    });
    expect(sent!.has('author')).toBe(false);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(4500));
    expect(screen.getByText('Product added successfully!')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByText('Product added successfully!')).not.toBeInTheDocument();

    dialog = await openDialog(user, 'Create Product', 'New Product');
    expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(dialog.queryByRole('list', { name: 'Covers added' })).not.toBeInTheDocument();
  });

  test.each<[string, Reply | 'throw', string]>([
    ['the server says why', { status: 400, body: { success: false, ...withCode('Only JPG, PNG, GIF and WebP images can be uploaded (x.svg)') } }, 'Failed to add the product: Only JPG, PNG, GIF and WebP images can be uploaded (x.svg)'],
    ['no answer', 'throw', 'Failed to add the product: Failed to fetch'],
  ])('a refused create (%s) says so in the open dialog for 5 s', async (_, reply, shown) => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await openSuite({ 'POST /api/backendproduct/addnew': () => reply }, user);
    const dialog = await openDialog(user, 'Create Product', 'New Product');
    await fillRequired(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Create Product' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(shown);
    expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Implant Basics');
    act(() => jest.advanceTimersByTime(4500));
    expect(dialog.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('Cancel closes the dialog, keeps what was typed and gives the focus back to its button', async () => {
    const { user } = await openSuite();
    const dialog = await openDialog(user, 'Create Product', 'New Product');
    await enter(user, dialog.getByRole('textbox', { name: 'Title' }), 'Draft');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Product' })).toHaveFocus();
    const again = await openDialog(user, 'Create Product', 'New Product');
    expect(again.getByRole('textbox', { name: 'Title' })).toHaveValue('Draft');
  });
});

describe('editing a product', () => {
  const loadRoute = (product = anEditableProduct()) => ({ [`GET /api/backendproduct/getdetailsforrUpdate/${product._id}`]: { body: { success: true, data: product } } });

  async function loadProduct(user: UserEvent, dialog: Scope, id = ID) {
    await user.type(dialog.getByRole('textbox', { name: 'Product ID' }), id);
    await user.click(dialog.getByRole('button', { name: 'Load Product' }));
    await dialog.findByText(/In the shop|Deleted/);
  }

  test('Delete, Recreate and Update Product need an ID; the warning note is there', async () => {
    const { user } = await openSuite();
    const dialog = await openDialog(user, 'Edit Product', 'Edit Product');
    expect(dialog.getByText('Be careful when deleting products')).toBeInTheDocument();
    expect(dialog.getByRole('form', { name: 'Product Details' })).toBeInTheDocument();
    for (const name of ['Delete', 'Recreate', 'Update Product', 'Load Product']) expect(dialog.getByRole('button', { name })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await user.type(dialog.getByRole('textbox', { name: 'Product ID' }), '   ');
    expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: 'Product ID' }), ID);
    for (const name of ['Delete', 'Recreate', 'Update Product', 'Load Product']) expect(dialog.getByRole('button', { name })).toBeEnabled();
  });

  test('Load Product fills the form: prices as numbers, lists as entries, the secrets too', async () => {
    const { user } = await openSuite(loadRoute());
    const dialog = await openDialog(user, 'Edit Product', 'Edit Product');
    await loadProduct(user, dialog);
    expect(dialog.getByText('In the shop')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Clinical Endodontics');
    expect(dialog.getByRole('textbox', { name: 'Author' })).toHaveValue('Ana Souza, Omar Khaled');
    expect(dialog.getByRole('spinbutton', { name: 'Price (USD)' })).toHaveValue(25.5);
    expect(dialog.getByRole('spinbutton', { name: 'Price (EGP)' })).toHaveValue(1200);
    expect(dialog.getByRole('spinbutton', { name: 'Pages' })).toHaveValue(320);
    expect(dialog.getByRole('combobox', { name: 'Format' })).toHaveDisplayValue('PDF');
    expect(dialog.getByRole('checkbox', { name: 'Endodontics' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'Implantology' })).not.toBeChecked();
    expect(dialog.getByRole('textbox', { name: 'Download password' })).toHaveValue('endo-2023');
    expect(within(dialog.getByRole('list', { name: 'Covers added' })).getByRole('listitem')).toHaveTextContent('URLhttps://img.example/cover.jpg');
    expect(within(dialog.getByRole('list', { name: 'Small cover added' })).getByRole('listitem')).toHaveTextContent('URL/uploads/small.webp');
  });

  test('a deleted product says so once loaded', async () => {
    const { user } = await openSuite(loadRoute(anEditableProduct({ deleted: true })));
    const dialog = await openDialog(user, 'Edit Product', 'Edit Product');
    await loadProduct(user, dialog);
    expect(dialog.getByText('Deleted')).toBeInTheDocument();
    expect(dialog.getByText(/This product is deleted/)).toBeInTheDocument();
  });

  test('a product that cannot be loaded says so beside the ID', async () => {
    const { user } = await openSuite({
      [`GET /api/backendproduct/getdetailsforrUpdate/${ID}`]: { status: 404, body: { success: false, ...withCode('Product not found') } },
    });
    const dialog = await openDialog(user, 'Edit Product', 'Edit Product');
    await user.type(dialog.getByRole('textbox', { name: 'Product ID' }), ID);
    await user.click(dialog.getByRole('button', { name: 'Load Product' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Product not found');
  });

  test('Update Product sends the changed form, then resets it, clears the ID, closes and says so', async () => {
    const { user, server } = await openSuite({
      ...loadRoute(),
      [`POST /api/backendproduct/updateTheDetails/${ID}`]: { body: { success: true, ...withCode('Product updated successfully!'), id: ID } },
    });
    let dialog = await openDialog(user, 'Edit Product', 'Edit Product');
    await loadProduct(user, dialog);
    await user.clear(dialog.getByRole('spinbutton', { name: 'Price (USD)' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Price (USD)' }), '30');
    await user.click(within(dialog.getByRole('list', { name: 'Covers added' })).getByRole('button', { name: /Remove URL/ }));
    await user.click(dialog.getByRole('button', { name: 'Update Product' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Product updated successfully!');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [sent] = formsSentTo(server, `/api/backendproduct/updateTheDetails/${ID}`);
    expect([sent!.get('price'), sent!.getAll('covers[]'), sent!.getAll('smallCover[]'), sent!.getAll('author[]'), sent!.get('downloadpass')]).toEqual([
      '30',
      [],
      ['/uploads/small.webp'],
      ['Ana Souza', 'Omar Khaled'],
      'endo-2023',
    ]);

    dialog = await openDialog(user, 'Edit Product', 'Edit Product');
    expect(dialog.getByRole('textbox', { name: 'Product ID' })).toHaveValue('');
    expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(dialog.getByRole('button', { name: 'Update Product' })).toBeDisabled();
  });

  test("a refused update says 'Failed to update product: ' and the server's message, and clears the success banner", async () => {
    const { user } = await openSuite({
      ...loadRoute(anEditableProduct({ deleted: true })),
      [`POST /api/backendproduct/recreateproduct/${ID}`]: { body: { success: true, ...withCode('Product is recreated successfully') } },
      [`POST /api/backendproduct/updateTheDetails/${ID}`]: { status: 404, body: { success: false, ...withCode('Product not found') } },
    });
    const dialog = await openDialog(user, 'Edit Product', 'Edit Product');
    await loadProduct(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Recreate' }));
    expect(await dialog.findByText('Product is recreated successfully')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Update Product' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Failed to update product: Product not found');
    expect(screen.queryByText('Product is recreated successfully')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();
  });

  test('an outcome shown on the page is gone when a dialog opens', async () => {
    const { user } = await openSuite({
      'POST /api/backendproduct/updateproductprices': { status: 503, body: { success: false, ...withCode('No exchange rate') } },
    });
    await updatePricesConfirmed(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('No exchange rate');
    const dialog = await openDialog(user, 'Edit Product', 'Edit Product');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/No exchange rate/)).not.toBeInTheDocument();
  });

  test("the core's problems stop an update before it is sent", async () => {
    const { user, server } = await openSuite();
    const dialog = await openDialog(user, 'Edit Product', 'Edit Product');
    await user.type(dialog.getByRole('textbox', { name: 'Product ID' }), ID);
    await user.click(dialog.getByRole('button', { name: 'Update Product' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Failed to update product: Title is required');
    expect(formsSentTo(server, `/api/backendproduct/updateTheDetails/${ID}`)).toEqual([]);
  });

  test("Delete closes the dialog, clears the ID and shows the server's message", async () => {
    const { user, server } = await openSuite({
      ...loadRoute(),
      [`DELETE /api/backendproduct/remove/${ID}`]: { body: { success: true, ...withCode('Product deleted successfully') } },
    });
    let dialog = await openDialog(user, 'Edit Product', 'Edit Product');
    await loadProduct(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    const asked = within(await screen.findByRole('dialog', { name: 'Delete this product?' }));
    await user.click(asked.getByRole('button', { name: 'Delete “Clinical Endodontics”' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Product deleted successfully');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls()).toContain(`DELETE /api/backendproduct/remove/${ID}`);
    dialog = await openDialog(user, 'Edit Product', 'Edit Product');
    expect(dialog.getByRole('textbox', { name: 'Product ID' })).toHaveValue('');
    expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  test("Recreate says 'Product is recreated successfully' for 5 s and the loaded product is back in the shop", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { server } = await openSuite(
      {
        ...loadRoute(anEditableProduct({ deleted: true })),
        [`POST /api/backendproduct/recreateproduct/${ID}`]: { body: { success: true, ...withCode('Product is recreated successfully') } },
      },
      user,
    );
    const dialog = await openDialog(user, 'Edit Product', 'Edit Product');
    await loadProduct(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Recreate' }));
    expect(await dialog.findByText('Product is recreated successfully')).toBeInTheDocument();
    expect(server.calls()).toContain(`POST /api/backendproduct/recreateproduct/${ID}`);
    expect(dialog.getByText('In the shop')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(4500));
    expect(dialog.getByText('Product is recreated successfully')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(dialog.queryByText('Product is recreated successfully')).not.toBeInTheDocument();
  });

  test.each<[string, Reply, string]>([
    ['with a message', { status: 409, body: { success: false, ...withCode('This product is not deleted, so there is nothing to recreate') } }, 'This product is not deleted, so there is nothing to recreate'],
    ['without one', { status: 502, body: {} }, 'failed to recreate the product'],
  ])('a refused recreate (%s) shows its error for 5 s', async (_, reply, shown) => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await openSuite({ [`POST /api/backendproduct/recreateproduct/${ID}`]: reply }, user);
    const dialog = await openDialog(user, 'Edit Product', 'Edit Product');
    await user.type(dialog.getByRole('textbox', { name: 'Product ID' }), ID);
    await user.click(dialog.getByRole('button', { name: 'Recreate' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(shown);
    act(() => jest.advanceTimersByTime(4500));
    expect(dialog.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Update Prices', () => {
  test("success says 'updated successfully' with what changed, for 5 s", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { server } = await openSuite(
      { 'POST /api/backendproduct/updateproductprices': { body: { success: true, ...withCode('updated successfully'), updated: 64, egpPerUsd: '50.5' } } },
      user,
    );
    await updatePricesConfirmed(user);
    const banner = await screen.findByRole('status');
    expect(server.calls()).toContain('POST /api/backendproduct/updateproductprices');
    expect(within(banner).getByText('updated successfully')).toBeInTheDocument();
    expect(banner).toHaveTextContent('64 products priced at 50.5 EGP per USD.');
    act(() => jest.advanceTimersByTime(4500));
    expect(screen.getByText('updated successfully')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByText('updated successfully')).not.toBeInTheDocument();
  });

  test('failure says so with the error, for 5 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await openSuite({ 'POST /api/backendproduct/updateproductprices': { status: 503, body: { success: false, ...withCode('The exchange rate is not available') } } }, user);
    await updatePricesConfirmed(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('failed to update the product prices and the error is: The exchange rate is not available');
    act(() => jest.advanceTimersByTime(4500));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
