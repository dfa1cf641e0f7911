import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EditableProductData } from '../../ui/src/api/admin';
import type { OrderSummary } from '../../ui/src/api/client';
import { leavePage } from '../../ui/src/checkout/leavePage';
import { LINK_LIFE_MINUTES } from '../../core/delivery/domain/downloads';
import { anId, fakeServer, renderApp, signedInAs, type Reply } from './helpers';
import { withCode } from '../support/codes';

jest.mock('../../ui/src/checkout/leavePage', () => ({ leavePage: jest.fn() }));
beforeEach(() => (leavePage as jest.Mock).mockReset());

const PRODUCT = anId(0xf11e01);
const FILE = anId(0xf11e02);
const ORDER = anId(0xf11e03);
const aFile = { _id: FILE, name: 'Atlas – 2nd édition.pdf', kind: 'pdf' as const, size: 3_000_000, uploadedAt: '2026-11-01T10:00:00.000Z' };

/** XMLHttpRequest as the upload uses it: reports progress, then answers as the server would. */
class FakeUpload {
  static sent: { url: string; body: unknown }[] = [];
  static answer: { status: number; body: unknown } = { status: 200, body: {} };
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  responseText = '';
  withCredentials = false;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    FakeUpload.sent.push({ url: this.url, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = FakeUpload.answer.status;
      this.responseText = JSON.stringify(FakeUpload.answer.body);
      setTimeout(() => this.onload?.(), 10);
    }, 10);
  }
}

describe("the editor's Files section", () => {
  const product = { _id: PRODUCT, title: 'Atlas', author: ['A'], description: 'd', covers: [], smallCover: [], price: 10, egpprice: 500, category: 'books', subcategory: ['Endodontics'], size: 1, Pages: 1, Language: 'English', format: 'pdf', year: '2024', isbn: '', producturl: '', downloadpass: '', createdAt: '2026-01-01T00:00:00.000Z', deleted: false, keepEgpPrice: false, version: 0 } as EditableProductData;

  test('lists the files, uploads one with its progress, refuses with the server message, removes one, saves the downloads per buyer', async () => {
    (global as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeUpload;
    const user = userEvent.setup({ delay: null });
    const server = fakeServer({
      ...signedInAs('boss', { role: 'Admin' }),
      [`GET /api/backendproduct/getdetailsforrUpdate/${PRODUCT}`]: { body: { success: true, data: product } },
      [`GET /api/admin/products/${PRODUCT}/files`]: { body: { success: true, files: [aFile], downloadsPerBuyer: 5 } },
      [`DELETE /api/admin/products/${PRODUCT}/files/${FILE}`]: { body: { success: true, ...withCode('File removed') } },
      [`PUT /api/admin/products/${PRODUCT}/downloads-per-buyer`]: { body: { success: true, ...withCode('Downloads per buyer saved'), downloadsPerBuyer: 3 } },
    });
    renderApp('/productEditor');
    await user.click(await screen.findByRole('button', { name: 'Edit Product' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Product' }));
    await user.type(dialog.getByRole('textbox', { name: 'Product ID' }), PRODUCT);
    await user.click(dialog.getByRole('button', { name: 'Load Product' }));
    const files = within(await dialog.findByRole('region', { name: 'Files' }));
    expect(await files.findByText('Atlas – 2nd édition.pdf')).toBeInTheDocument();
    expect(files.getByText('3.0 MB')).toBeInTheDocument();

    const added = { ...aFile, _id: anId(), name: 'Cases.zip', kind: 'zip', size: 2048 };
    FakeUpload.answer = { status: 200, body: { success: true, ...withCode('File added'), file: added } };
    await user.upload(files.getByLabelText('Add a file'), new File(['PK'], 'Cases.zip', { type: 'application/zip' }));
    expect(await files.findByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    expect(await files.findByText('Cases.zip')).toBeInTheDocument();
    expect(FakeUpload.sent.at(-1)?.url).toBe(`/api/admin/products/${PRODUCT}/files?name=Cases.zip`);

    FakeUpload.answer = { status: 400, body: { success: false, ...withCode('This file is a program (an executable), not a document') } };
    await user.upload(files.getByLabelText('Add a file'), new File(['MZ'], 'evil.pdf', { type: 'application/pdf' }));
    expect(await files.findByRole('alert')).toHaveTextContent('This file is a program (an executable), not a document');

    await user.click(files.getByRole('button', { name: 'Remove Atlas – 2nd édition.pdf' }));
    await waitFor(() => expect(files.queryByText('Atlas – 2nd édition.pdf')).not.toBeInTheDocument());

    const limit = files.getByRole('spinbutton', { name: 'Downloads per buyer' });
    expect(limit).toHaveValue(5);
    await user.clear(limit);
    await user.type(limit, '3');
    await user.click(files.getByRole('button', { name: 'Save' }));
    expect(await files.findByText('Each buyer gets 3 downloads')).toBeInTheDocument();
    expect(server.bodies(`/api/admin/products/${PRODUCT}/downloads-per-buyer`)).toEqual([{ downloadsPerBuyer: 3 }]);
  });
});

describe("the profile's Orders section", () => {
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
    total: 25,
    products: [{ _id: PRODUCT, title: 'Atlas', price: 25, files: { files: [{ _id: FILE, name: aFile.name, kind: 'pdf', size: aFile.size }], used: 1, limit: 5 } }],
  };
  const linkPath = `POST /api/orders/${ORDER}/files/${PRODUCT}/${FILE}/link`;

  const open = (link: Reply) => {
    fakeServer({
      ...signedInAs('ana123'),
      'GET /api/user/profiledata': { body: { success: true, userData: { username: 'ana123', email: 'ana@example.com', connected: [], hasPassword: true, orders: [order] } } },
      [linkPath]: link,
    });
    renderApp('/user/profile');
  };

  test("lists each line's files; a click asks for a fresh link and the browser follows it", async () => {
    const url = `/api/orders/${ORDER}/files/${PRODUCT}/${FILE}?expires=1&sig=s`;
    open({ body: { success: true, url, expiresAt: '2026-11-03T10:10:00.000Z' } });
    const files = within(await screen.findByRole('list', { name: 'Files of Atlas' }));
    expect(files.getByText(aFile.name)).toBeInTheDocument();
    expect(screen.getByText('4 of 5 downloads left')).toBeInTheDocument();
    // No password to speak of: the note says what a buyer of files sees.
    expect(screen.getByText(`Delivered: each Download click makes a link for you that works for ${LINK_LIFE_MINUTES} minutes; the downloads left are shown under each product.`).closest('li')).not.toHaveTextContent(/password/i);
    await userEvent.click(files.getByRole('button', { name: `Download ${aFile.name}` }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(url));
  });

  test('past the cap, the refusal is shown and nothing is followed', async () => {
    open({ status: 410, body: { success: false, ...withCode('You have downloaded this purchase 5 times, its limit. If you need it again, write to help@store.test.') } });
    const files = within(await screen.findByRole('list', { name: 'Files of Atlas' }));
    await userEvent.click(files.getByRole('button', { name: `Download ${aFile.name}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent('its limit. If you need it again, write to help@store.test.');
    expect(leavePage).not.toHaveBeenCalled();
  });
});

describe("Customer Orders' deliveries", () => {
  const adminOrder = {
    _id: ORDER,
    number: ORDER.slice(-6),
    status: 'paid' as const,
    delivered: false,
    createdAt: '2026-03-02T10:00:00.000Z',
    buyerName: 'Hana Adel',
    userEmail: 'hana@mail.test',
    total: 25,
    currency: 'USD' as const,
    refunded: 0,
    provider: 'paypal',
    method: 'paypal',
    products: [{ _id: PRODUCT, title: 'Implant Course', price: 25 }],
  };
  const downloads = (used: number): Reply => ({
    body: {
      success: true,
      lines: [{ productId: PRODUCT, title: 'Implant Course', files: used >= 0 ? 1 : 0, link: false, used: Math.max(used, 0), limit: 5 }],
      downloads:
        used > 0
          ? [
              { productId: PRODUCT, fileId: FILE, email: 'hana@mail.test', purpose: 'read', at: '2026-03-02T11:30:00.000Z', address: '203.0.113.9', bytes: 512, completed: false, counted: true },
              { productId: PRODUCT, fileId: FILE, userId: anId(), purpose: 'download', at: '2026-03-02T11:00:00.000Z', address: '203.0.113.9', bytes: 2048, completed: true, counted: true },
            ]
          : [],
    },
  });
  const serve = (log: Reply | (() => Reply)) =>
    fakeServer({
      ...signedInAs('boss', { role: 'Admin' }),
      'GET /api/allusers/ordersdata': { body: { success: true, usersOrders: [{ username: 'hana', email: 'hana@mail.test', orders: [adminOrder] }], page: 1, totalPages: 1, total: 1 } },
      [`GET /api/admin/orders/${ORDER}/downloads`]: log,
      [`POST /api/admin/orders/${ORDER}/downloads/${PRODUCT}/reset`]: { body: { success: true, ...withCode('The downloads of this product are reset'), reset: 1 } },
      [`PUT /api/allusers/update-delivery/${ORDER}`]: { body: { success: true, ...withCode('The order is marked as delivered'), delivered: true } },
    });

  test("'Mark as Delivered' asks first when a product has neither a file nor a link; no means nothing is called", async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const server = serve(downloads(-1));
    renderApp('/Allusers/orders');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as Delivered' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Implant Course has neither a file nor a download link')));
    expect(server.calls()).not.toContain(`PUT /api/allusers/update-delivery/${ORDER}`);
    await userEvent.click(screen.getByRole('button', { name: 'Mark as Delivered' }));
    expect(await screen.findByText('DELIVERED')).toBeInTheDocument();
    confirm.mockRestore();
  });

  test('the Downloads disclosure shows the log and resets a line', async () => {
    let used = 1;
    const server = serve(() => downloads(used));
    renderApp('/Allusers/orders');
    await userEvent.click(await screen.findByText('Downloads'));
    expect(await screen.findByText('1 of 5 downloads used')).toBeInTheDocument();
    expect(screen.getAllByText('203.0.113.9')).toHaveLength(2);
    expect(screen.getByText('reading (never counted)')).toBeInTheDocument();
    used = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Reset the downloads of Implant Course' }));
    expect(await screen.findByText('0 of 5 downloads used')).toBeInTheDocument();
    expect(server.calls()).toContain(`POST /api/admin/orders/${ORDER}/downloads/${PRODUCT}/reset`);
  });
});
