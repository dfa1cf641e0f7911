/**
 * @jest-environment jsdom
 */
import { request } from 'node:http';
import { Blob } from 'node:buffer';
import { ReadableStream } from 'node:stream/web';
import { CREDENTIALS, RunningEmulator, startPayPalEmulator } from './paypal-emulator';
import { Json } from '../support/json';

/** jsdom has no fetch: a small one over node:http, enough for the SDK stand-in and this test. */
const nodeFetch = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  new Promise<{ ok: boolean; status: number; json(): Promise<Json>; text(): Promise<string> }>((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = res.statusCode ?? 0;
        resolve({ ok: status >= 200 && status < 300, status, json: async () => JSON.parse(text), text: async () => text });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error('the page never got there');
};

// The emulator runs in this test's process: Koa checks bodies against these Web types, which jsdom lacks.
Object.assign(globalThis, { ReadableStream, Blob, Response: globalThis.Response ?? class Response {} });

describe("the stand-in for PayPal's browser SDK, in a page", () => {
  let paypal: RunningEmulator;
  let orderId: string;
  const createOrder = async () => {
    const basic = Buffer.from(`${CREDENTIALS.clientId}:${CREDENTIALS.clientSecret}`).toString('base64');
    const token = await (await nodeFetch(`${paypal.base}/v1/oauth2/token`, { method: 'POST', headers: { authorization: `Basic ${basic}` }, body: 'grant_type=client_credentials' })).json();
    const usd = { currency_code: 'USD', value: '12.00' };
    const body = JSON.stringify({ intent: 'CAPTURE', purchase_units: [{ amount: { ...usd, breakdown: { item_total: usd } }, items: [{ name: 'Atlas', unit_amount: usd, quantity: '1' }] }] });
    const order = await (await nodeFetch(`${paypal.base}/v2/checkout/orders`, { method: 'POST', headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' }, body })).json();
    orderId = order.id;
    return order.id as string;
  };

  beforeAll(async () => {
    paypal = await startPayPalEmulator();
    const source = await (await nodeFetch(`${paypal.base}/sdk/js?client-id=${CREDENTIALS.clientId}&currency=USD&intent=capture`)).text();
    (window as unknown as { fetch: typeof nodeFetch }).fetch = nodeFetch;
    // Run as a classic script would, without document.currentScript: the emulator's public URL is baked in.
    new Function(source)();
  });
  afterAll(() => paypal.close());
  beforeEach(() => (document.body.innerHTML = '<div id="paypal-buttons"></div>'));

  const paypalGlobal = () => (window as unknown as { paypal: { Buttons(o: object): { render(t: string): Promise<void> } } }).paypal;
  const click = (text: string) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === text);
    if (!button) throw new Error(`no button ${text}`);
    button.click();
  };

  it('draws a button; a click creates the order and opens a labelled panel; Approve approves it at PayPal', async () => {
    const approved: unknown[] = [];
    await paypalGlobal().Buttons({ createOrder, onApprove: async (data: unknown) => void approved.push(data) }).render('#paypal-buttons');
    click('PayPal (test)');
    await until(() => document.querySelector('[role="dialog"]') !== null);
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('PayPal (test)');
    expect(document.activeElement?.textContent).toBe('Approve payment');
    click('Approve payment');
    await until(() => approved.length === 1);
    expect(approved[0]).toMatchObject({ orderID: orderId });
    expect(paypal.emulator.controls.order(orderId)?.body).toMatchObject({ status: 'APPROVED' });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('declines the card, and actions.restart() opens the panel again for the same order', async () => {
    const approvals: string[] = [];
    await paypalGlobal()
      .Buttons({
        createOrder,
        onApprove: async (data: { orderID: string }, actions: { restart(): Promise<void> }) => {
          approvals.push(data.orderID);
          if (approvals.length === 1) await actions.restart();
        },
      })
      .render('#paypal-buttons');
    click('PayPal (test)');
    await until(() => document.querySelector('[role="dialog"]') !== null);
    click('Decline card');
    await until(() => approvals.length === 1 && document.querySelector('[role="dialog"]') !== null);
    click('Approve payment');
    await until(() => approvals.length === 2);
    expect(approvals).toEqual([orderId, orderId]);
  });

  it('reports a cancel to onCancel and a failed createOrder to onError', async () => {
    const cancelled: unknown[] = [];
    const errors: Error[] = [];
    await paypalGlobal().Buttons({ createOrder, onCancel: (data: unknown) => void cancelled.push(data) }).render('#paypal-buttons');
    click('PayPal (test)');
    await until(() => document.querySelector('[role="dialog"]') !== null);
    document.querySelector('[role="dialog"]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await until(() => cancelled.length === 1);
    expect(cancelled[0]).toEqual({ orderID: orderId });

    document.body.innerHTML = '<div id="paypal-buttons"></div>';
    const failing = async () => {
      throw new Error('Failed to create PayPal order');
    };
    await paypalGlobal().Buttons({ createOrder: failing, onError: (e: Error) => void errors.push(e) }).render('#paypal-buttons');
    click('PayPal (test)');
    await until(() => errors.length === 1);
    expect(errors[0].message).toBe('Failed to create PayPal order');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
