import { TOKENS } from '../../adapters/di/tokens';
import { filesOnShelf } from '../support/stored-files';
import { TRANSFER_APPROVED, TRANSFER_REJECTED } from '../../api/admin';
import { RECEIPT_RECEIVED, paymentSettingsAnswer, startPaymentAnswer } from '../../api/ordering';
import { IMAGE_TOO_BIG, NOT_AN_IMAGE } from '../../core/catalog/domain/images';
import { NOT_WAITING, REASON_NEEDED } from '../../core/ordering/domain/payment-by-hand';
import { egp, usd } from '../../core/shared/money';
import { multipart, signedInAdmin, signedInShopper } from '../support/admin';
import { Shopper } from '../support/browser-like';
import { RunningStore, startStore } from '../support/http';
import { aJpeg, aPng, aTextFile, anElevenMbPng } from '../support/images';
import { aProduct } from '../support/products';
import { withCode } from '../support/codes';

/**
 * The manual transfer (issue 18, item 4) on the real app: the buyer is told where to transfer, how
 * much and against which reference, sends the receipt (checked as a cover image, kept privately),
 * and the admin approves (paid, confirmation e-mailed) or rejects (failed, the reason e-mailed).
 */
describe('InstaPay or wallet transfer, by hand', () => {
  let api: RunningStore;
  let admin: Shopper;
  let hana: Shopper;
  let omar: Shopper;
  const atlas = aProduct({ title: 'Atlas of Periodontics', price: usd(2599), egpprice: egp(130_000) });
  const buyer = { name: 'Hana Adel', email: 'hana@mail.test' };

  beforeAll(async () => {
    api = await startStore([atlas]);
    admin = await signedInAdmin(api);
    hana = await signedInShopper(api, 'Hana');
    omar = await signedInShopper(api, 'Omar');
  });
  afterAll(() => api.close());

  const started = async (shopper = hana) => {
    const answer = await shopper.post('/api/checkout/start', { ...buyer, productId: atlas._id, provider: 'transfer', method: 'transfer' });
    expect(answer.status).toBe(200);
    expect(startPaymentAnswer.safeParse(answer.body).success).toBe(true);
    return { orderId: answer.body.order.orderId as string, answer: answer.body };
  };
  const receipt = (bytes: Uint8Array, name = 'receipt.png') => multipart({}, [{ field: 'receipt', name, bytes }]);
  const send = (shopper: Shopper, orderId: string, form: FormData) => shopper.form(`/api/payments/transfer/orders/${orderId}/receipt`, form);
  const receiptFiles = () => filesOnShelf(api.store.get(TOKENS.ReceiptImages));
  const statusOf = async (orderId: string) => (await api.store.get(TOKENS.Orders).findById(orderId))?.status;
  const letters = (subject: string): Promise<{ recipient: string; subject: string; text_body: string }[]> =>
    api.store.get(TOKENS.Database).knex('outbox').where('subject', 'like', `%${subject}%`).select('recipient', 'subject', 'text_body');

  it('is offered in a test store with example details, in EGP, as Egypt\'s own method', async () => {
    const settings = await api.get('/api/payment/settings');
    expect(paymentSettingsAnswer.safeParse(settings.body).success).toBe(true);
    expect(settings.body.providers.find((p: { name: string }) => p.name === 'transfer')).toEqual({
      name: 'transfer',
      label: 'InstaPay or wallet transfer',
      currency: 'EGP',
      test: true,
      component: 'transfer',
      methods: [{ name: 'transfer', label: 'InstaPay or wallet transfer', egypt: true }],
      client: { instapay: 'example-store@instapay', wallet: '01000000000' },
    });
  });

  it('tells the buyer where to transfer, the amount and a reference, for three days, and e-mails the same', async () => {
    const { orderId, answer } = await started();
    expect(answer.order).toMatchObject({ status: 'pending', total: 1300, currency: 'EGP' });
    expect(answer.next).toEqual({
      kind: 'offline',
      payAt: { reference: expect.stringMatching(/^DL-[0-9A-HJKMNP-TV-Z]{8}$/), payTo: expect.stringContaining('example details of a test store'), expiresAt: expect.any(String) },
    });
    const days = (Date.parse(answer.next.payAt.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThanOrEqual(3);
    const order = (await hana.get('/api/user/profiledata')).body.userData.orders.find((o: { _id: string }) => o._id === orderId);
    expect(order).toMatchObject({ status: 'pending', state: 'awaiting payment', provider: 'transfer', method: 'transfer', payAt: answer.next.payAt });
    const [letter] = (await letters('how to pay')).filter((l) => l.text_body.includes(answer.next.payAt.reference));
    expect(letter?.text_body).toContain('EGP');
  });

  it('keeps the owner\'s receipt privately: the admin sees it listed and opens it, nobody else', async () => {
    const { orderId } = await started();
    const sent = await send(hana, orderId, receipt(aPng()));
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ success: true, ...withCode(RECEIPT_RECEIVED) });
    expect(await receiptFiles()).toHaveLength(1);
    // Not under the public uploads.
    const [file] = await receiptFiles();
    expect((await fetch(`${api.url}/uploads/${file}`)).status).toBe(404);

    const listed = (await admin.get('/api/allusers/ordersdata?page=1&limit=50')).body.usersOrders.flatMap((c: { orders: unknown[] }) => c.orders);
    const shown = listed.find((o: { _id: string }) => o._id === orderId);
    expect(shown).toMatchObject({ status: 'pending', provider: 'transfer', receipt: { url: `/api/admin/orders/${orderId}/receipt`, uploadedAt: expect.any(String) } });
    const image = await fetch(api.url + shown.receipt.url, { headers: { cookie: admin.cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(aPng());
    expect((await fetch(api.url + shown.receipt.url, { headers: { cookie: hana.cookie } })).status).toBe(403);
    expect((await fetch(api.url + shown.receipt.url)).status).toBe(401);

    // A second receipt replaces the first: one image kept.
    expect((await send(hana, orderId, receipt(aJpeg(), 'again.jpg'))).status).toBe(201);
    expect(await receiptFiles()).toEqual([expect.stringMatching(/\.jpg$/)]);
  });

  it('refuses a file that is not an image, an 11 MB one, someone else\'s order, a signed-out buyer and an unpaid PayPal order, storing nothing', async () => {
    const before = await receiptFiles();
    const { orderId } = await started();
    const notImage = await send(hana, orderId, receipt(aTextFile(), 'receipt.png'));
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toContain(NOT_AN_IMAGE);
    const tooBig = await send(hana, orderId, receipt(anElevenMbPng(), 'huge.png'));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toContain(IMAGE_TOO_BIG);
    expect((await send(omar, orderId, receipt(aPng()))).status).toBe(404);
    expect((await send(new Shopper(api), orderId, receipt(aPng()))).status).toBe(401);
    const paypal = (await hana.post('/api/paypal/create-order', { ...buyer, productId: atlas._id })).body.order.orderId as string;
    expect((await send(hana, paypal, receipt(aPng()))).status).toBe(409);
    expect((await send(hana, orderId, multipart({ note: 'no file' }))).status).toBe(400);
    expect(await receiptFiles()).toEqual(before);
    expect((await api.store.get(TOKENS.PaymentReceipts).of(orderId))).toBeUndefined();
  });

  it('approves a transfer: the order is paid once, the buyer e-mailed, the admin audited; then no receipt is taken', async () => {
    const { orderId } = await started();
    await send(hana, orderId, receipt(aPng()));
    expect((await hana.post(`/api/admin/orders/${orderId}/approve-transfer`, {})).status).toBe(403);
    expect((await new Shopper(api).post(`/api/admin/orders/${orderId}/approve-transfer`, {})).status).toBe(401);
    expect(await statusOf(orderId)).toBe('pending');

    const approved = await admin.post(`/api/admin/orders/${orderId}/approve-transfer`, {});
    expect(approved.body).toEqual({ success: true, ...withCode(TRANSFER_APPROVED), order: { status: 'paid' } });
    const order = await api.store.get(TOKENS.Orders).findById(orderId);
    expect(order).toMatchObject({ status: 'paid', paymentId: `transfer:${orderId}` });
    expect((await letters('confirmed')).filter((l) => l.text_body.includes(orderId.slice(-6)))).toEqual([expect.objectContaining({ recipient: 'hana@mail.test' })]);
    const audit = (await admin.get('/api/admin/audit?page=1&limit=50')).body.entries;
    expect(audit).toContainEqual(expect.objectContaining({ action: 'transfer-approved', subject: orderId }));

    expect((await admin.post(`/api/admin/orders/${orderId}/approve-transfer`, {})).body).toMatchObject({ success: false, ...withCode(NOT_WAITING) });
    expect((await admin.post(`/api/admin/orders/${orderId}/reject-transfer`, { reason: 'late' })).status).toBe(409);
    const paidReceipt = await send(hana, orderId, receipt(aPng()));
    expect(paidReceipt.status).toBe(409);
    expect(paidReceipt.body.message).toBe(NOT_WAITING);
  });

  it('rejects a transfer with a reason: the order fails and the buyer is e-mailed why', async () => {
    const { orderId } = await started();
    expect((await admin.post(`/api/admin/orders/${orderId}/reject-transfer`, { reason: '   ' })).body).toMatchObject({ success: false, ...withCode(REASON_NEEDED) });
    expect((await hana.post(`/api/admin/orders/${orderId}/reject-transfer`, { reason: 'no money' })).status).toBe(403);
    expect(await statusOf(orderId)).toBe('pending');

    const rejected = await admin.post(`/api/admin/orders/${orderId}/reject-transfer`, { reason: 'No transfer of EGP 1,300 arrived with this reference.' });
    expect(rejected.body).toEqual({ success: true, ...withCode(TRANSFER_REJECTED), order: { status: 'failed' } });
    expect(await statusOf(orderId)).toBe('failed');
    const [letter] = (await letters('not accepted')).filter((l) => l.text_body.includes(orderId.slice(-6)));
    expect(letter).toMatchObject({ recipient: 'hana@mail.test', text_body: expect.stringContaining('Reason: No transfer of EGP 1,300 arrived with this reference.') });
    const audit = (await admin.get('/api/admin/audit?page=1&limit=50')).body.entries;
    expect(audit).toContainEqual(expect.objectContaining({ action: 'transfer-rejected', subject: orderId, detail: { reason: 'No transfer of EGP 1,300 arrived with this reference.' } }));
  });

  it('refunds a paid transfer as made by hand', async () => {
    const { orderId } = await started();
    await admin.post(`/api/admin/orders/${orderId}/approve-transfer`, {});
    const refunded = await admin.post(`/api/admin/orders/${orderId}/refund`, {});
    expect(refunded.body).toMatchObject({ success: true, order: { status: 'refunded', refunded: 1300 } });
  });
});
