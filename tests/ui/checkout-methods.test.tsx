/**
 * The checkout's methods beyond the spec's two (issue 18): Paymob's wallet, kiosk and instalments
 * through POST /api/checkout/start, and what each will charge, said before the buyer commits
 * (DECISIONS 24). The fake server checks every call against the call table.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import type { OrderData, ProviderSettings } from '../../api/ordering';
import { leavePage } from '../../ui/src/checkout/leavePage';
import { OfflinePayment } from '../../ui/src/checkout/OfflinePayment';
import { i18n } from '../../ui/src/i18n/i18n';
import { WALLET_NUMBER_NEEDED } from '../../core/ordering/domain/wallet-number';
import { aProduct, anId, fakeServer, paymentSettings, renderApp, signedInAs, type Reply } from './helpers';
import { withCode } from '../support/codes';

jest.mock('../../ui/src/checkout/leavePage', () => ({ leavePage: jest.fn() }));

const ID = anId(0xabc);
const WALLET = 'Mobile wallet (Vodafone Cash, Orange Cash, e& money, WE Pay)';
const KIOSK = 'Cash at an Aman or Masary kiosk';
const INSTALMENTS = 'Instalments (valU, bank instalments)';
const CARD = 'Credit card (Paymob)';
const PAYPAL = 'PayPal (wallet and credit cards)';
const FRAME = '/api/emulators/paymob/unifiedcheckout/?publicKey=pk&clientSecret=cs';
const WALLET_PAGE = 'http://127.0.0.1:3210/api/emulators/paymob/wallet/tok-1';
// The server prices the order: its total differs from the page's products on purpose.
const pending: OrderData = { orderId: anId(0xd7), orderNumber: '0000d7', status: 'pending', total: 1250, currency: 'EGP' };

/** Paymob as the emulated store registers it: the card (the spec's), then Egypt's own methods. */
const paymobMethods: ProviderSettings['methods'] = [
  { name: 'card', label: CARD },
  { name: 'wallet', label: WALLET, egypt: true },
  { name: 'kiosk', label: KIOSK, egypt: true },
  { name: 'instalments', label: INSTALMENTS, egypt: true },
];
const allMethods = (): Reply => {
  const { body } = paymentSettings();
  const { providers } = body as { providers: ProviderSettings[] };
  return { body: { success: true, providers: providers.map((p) => (p.name === 'paymob' ? { ...p, methods: paymobMethods } : p)) } };
};

function serve(country: string, extra: Record<string, Reply | (() => Reply)> = {}) {
  return fakeServer({
    ...signedInAs('hana1'),
    'GET /api/getip': { body: { country } },
    [`GET /api/checkout/productdetails/${ID}`]: { body: { success: true, productDetails: aProduct({ _id: ID, title: 'Oral Surgery', price: 25, egpprice: 1200 }) } },
    'GET /api/payment/settings': allMethods(),
    ...extra,
  });
}

async function openCheckout(width = 1280) {
  renderApp(`/checkout/${ID}`, { width });
  const form = within(await screen.findByRole('form', { name: 'Your details' }));
  await waitFor(() => expect(form.getAllByRole('radio')).toHaveLength(5));
  return form;
}

async function fillIn(form: ReturnType<typeof within>, method: string) {
  await userEvent.type(form.getByLabelText('Name'), 'Hana Adel');
  await userEvent.type(form.getByLabelText('Email'), 'hana@example.com');
  await userEvent.click(form.getByRole('radio', { name: method }));
}

const proceed = (form: ReturnType<typeof within>) => userEvent.click(form.getByRole('button', { name: 'Proceed to payment' }));
const started = (body: unknown): Reply => ({ body: { success: true, ...withCode('Payment started'), order: pending, ...(body as object) } });

beforeEach(() => (leavePage as jest.Mock).mockReset());

describe('the method choice', () => {
  const labels = (form: ReturnType<typeof within>) => form.getAllByRole('radio').map((r: HTMLElement) => r.closest('label')?.textContent);

  test.each([
    ['Egypt', [WALLET, KIOSK, INSTALMENTS, PAYPAL, CARD]],
    ['United States', [PAYPAL, CARD, WALLET, KIOSK, INSTALMENTS]],
  ])("a visitor from %s gets every method of the settings, the spec's two with their values; Egypt's own first in Egypt", async (country, shown) => {
    serve(country);
    const form = await openCheckout();
    await waitFor(() => expect(labels(form)).toEqual(shown));
    expect(form.getByRole('radio', { name: PAYPAL })).toHaveAttribute('value', 'Dpaypal');
    expect(form.getByRole('radio', { name: CARD })).toHaveAttribute('value', 'DPaymob');
  });
});

describe('what will be charged, before the buyer commits', () => {
  test.each([
    ['United States', CARD, 'You will be charged EGP 1,200 by Paymob (about $25.00)'],
    ['United States', WALLET, 'You will be charged EGP 1,200 by Paymob (about $25.00)'],
    ['United States', PAYPAL, 'You will be charged $25.00 by PayPal'],
    ['Egypt', KIOSK, 'You will be charged EGP 1,200 by Paymob'],
    ['Egypt', PAYPAL, 'You will be charged $25.00 by PayPal (about EGP 1,200)'],
  ])('a visitor from %s who picks %s reads: %s', async (country, method, said) => {
    const server = serve(country);
    const form = await openCheckout();
    expect(screen.getByTestId('form-charge')).toBeEmptyDOMElement();
    await userEvent.click(form.getByRole('radio', { name: method }));
    await waitFor(() => expect(screen.getByTestId('form-charge')).toHaveTextContent(new RegExp(`^${said.replace(/[()$]/g, '\\$&')}$`)));
    expect(server.calls().filter((c) => c.startsWith('POST /api/checkout') || c.startsWith('POST /api/paypal'))).toEqual([]);
  });

  test("after the start, the step says the server's total and currency, not the page's", async () => {
    serve('United States', { 'POST /api/checkout/pay': { body: { success: true, ...withCode('Payment started'), iframeUrl: FRAME, order: pending } } });
    const form = await openCheckout();
    await fillIn(form, CARD);
    await proceed(form);
    expect(await screen.findByTitle('Card payment (Paymob)')).toHaveAttribute('src', FRAME);
    expect(screen.getByTestId('payment-charge')).toHaveTextContent('Order #0000d7: You will be charged EGP 1,250 by Paymob (about $25.00)');
    expect(screen.getByText('Test payment, no money moves')).toBeInTheDocument();
  });
});

describe('mobile wallet', () => {
  test('the number is asked only for the wallet, checked in the form, sent normalised; then the browser goes to the approval page', async () => {
    const server = serve('Egypt', { 'POST /api/checkout/start': started({ next: { kind: 'redirect', url: WALLET_PAGE } }) });
    const form = await openCheckout();
    await fillIn(form, KIOSK);
    expect(form.queryByLabelText('Wallet mobile number')).not.toBeInTheDocument();
    await userEvent.click(form.getByRole('radio', { name: WALLET }));
    const phone = form.getByLabelText('Wallet mobile number');
    expect(phone).toHaveAttribute('type', 'tel');

    await proceed(form);
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(WALLET_NUMBER_NEEDED));
    await userEvent.type(phone, '0131234567');
    await proceed(form);
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(WALLET_NUMBER_NEEDED));
    expect(server.bodies('/api/checkout/start')).toEqual([]);

    await userEvent.clear(phone);
    await userEvent.type(phone, '+20 101 234 5678');
    await proceed(form);
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(WALLET_PAGE));
    expect(server.bodies('/api/checkout/start')).toEqual([
      { items: [{ productId: ID }], name: 'Hana Adel', email: 'hana@example.com', provider: 'paymob', method: 'wallet', phone: '01012345678' },
    ]);
  });

  test("a number that is no wallet: the server's 400 is said, and the buyer stays on the form", async () => {
    const noWallet = 'No mobile wallet answers on 01012340000: check the number, or choose another way to pay.';
    serve('Egypt', { 'POST /api/checkout/start': { status: 400, body: { success: false, ...withCode(noWallet) } } });
    const form = await openCheckout();
    await fillIn(form, WALLET);
    await userEvent.type(form.getByLabelText('Wallet mobile number'), '01012340000');
    await proceed(form);
    expect(await form.findByRole('alert')).toHaveTextContent(noWallet);
    expect(leavePage).not.toHaveBeenCalled();
    expect(form.getByLabelText('Wallet mobile number')).toHaveValue('01012340000');
  });
});

describe('kiosk', () => {
  const payAt = { reference: '30000017', expiresAt: '2026-05-02T18:30:00.000Z', payTo: 'Aman or Masary kiosk' };

  test('the reference, large and copyable, where to pay, the amount in EGP, the expiry, and where the order waits', async () => {
    const server = serve('Egypt', { 'POST /api/checkout/start': started({ next: { kind: 'offline', payAt } }) });
    const u = userEvent.setup();
    const form = await openCheckout(375);
    await u.type(form.getByLabelText('Name'), 'Hana Adel');
    await u.type(form.getByLabelText('Email'), 'hana@example.com');
    await u.click(form.getByRole('radio', { name: KIOSK }));
    await u.click(form.getByRole('button', { name: 'Proceed to payment' }));

    const panel = within(await screen.findByRole('region', { name: 'Pay at Aman or Masary kiosk' }));
    expect(panel.getByRole('status', { name: 'Reference number' })).toHaveTextContent('30000017');
    expect(panel.getByText('Where to pay').nextSibling).toHaveTextContent('Aman or Masary kiosk');
    expect(panel.getByTestId('offline-amount')).toHaveTextContent('EGP 1,250');
    expect(panel.getByText('Pay before').nextSibling?.firstChild).toHaveAttribute('datetime', payAt.expiresAt);
    expect(panel.getByText(/Your order waits in the Orders section of your profile/)).toHaveTextContent(/e-mailed you the same details/);
    expect(panel.getByRole('link', { name: 'View orders' })).toHaveAttribute('href', '/user/profile');

    await u.click(panel.getByRole('button', { name: 'Copy reference' }));
    expect(await navigator.clipboard.readText()).toBe('30000017');
    expect(panel.getByText('Copied')).toBeInTheDocument();
    expect(server.bodies('/api/checkout/start')).toEqual([
      { items: [{ productId: ID }], name: 'Hana Adel', email: 'hana@example.com', provider: 'paymob', method: 'kiosk' },
    ]);
  });

  test('without a clipboard the panel says to select the number', async () => {
    serve('Egypt', { 'POST /api/checkout/start': started({ next: { kind: 'offline', payAt } }) });
    const form = await openCheckout();
    await fillIn(form, KIOSK);
    await proceed(form);
    const panel = within(await screen.findByRole('region', { name: 'Pay at Aman or Masary kiosk' }));
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await userEvent.click(panel.getByRole('button', { name: 'Copy reference' }));
    expect(await panel.findByText('Select the number to copy it')).toBeInTheDocument();
    writeText.mockRestore();
  });
});

describe('the kiosk in Arabic', () => {
  afterEach(() => act(() => i18n.changeLanguage('en')));

  test('is named in Arabic, in the title and where to pay (the store names the place; the provider only says which)', async () => {
    await act(() => i18n.changeLanguage('ar'));
    const payAt = { reference: '30000017', payTo: 'Aman or Masary kiosk', place: 'kiosk' as const };
    render(
      <MemoryRouter>
        <OfflinePayment payAt={payAt} />
      </MemoryRouter>,
    );
    const panel = within(screen.getByRole('region', { name: /^ادفع في .منافذ أمان أو مصاري.$/ }));
    expect(panel.getByText('مكان الدفع').nextSibling).toHaveTextContent(/^منافذ أمان أو مصاري$/);
    expect(panel.queryByText(/Aman|Masary/)).toBeNull();
  });
});

describe('instalments', () => {
  test.each([
    [375, '600'],
    [1280, '550'],
  ])("at %i px Paymob's page opens in the spec's %s px frame; Back to form clears it", async (width, height) => {
    const server = serve('Egypt', { 'POST /api/checkout/start': started({ next: { kind: 'frame', url: FRAME } }) });
    const form = await openCheckout(width);
    await fillIn(form, INSTALMENTS);
    await proceed(form);
    const frame = await screen.findByTitle(INSTALMENTS);
    expect(frame).toHaveAttribute('src', FRAME);
    expect(frame).toHaveAttribute('height', height);
    expect(screen.getByTestId('payment-charge')).toHaveTextContent('Order #0000d7: You will be charged EGP 1,250 by Paymob');
    expect(server.bodies('/api/checkout/start')).toEqual([
      { items: [{ productId: ID }], name: 'Hana Adel', email: 'hana@example.com', provider: 'paymob', method: 'instalments' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Back to form' }));
    expect(screen.queryByTitle(INSTALMENTS)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: INSTALMENTS })).toBeChecked();
  });
});
