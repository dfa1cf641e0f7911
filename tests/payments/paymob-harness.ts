import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import Koa from 'koa';
import { PaymobGateway, PaymobGatewayConfig } from '../../adapters/payments/paymob/gateway';
import { paymobEmulator, PaymobEmulatorControl, PaymobEmulatorOptions } from '../../adapters/payments/paymob/emulator';
import { IncomingNotification, PaymentNotice, PaymentRequest, RefundNotice } from '../../core/ordering/ports/payment-gateway';
import { egp, Money } from '../../core/shared/money';
import { Json } from '../support/json';
import { nextId } from '../support/products';

/** The emulator mounted under a prefix, as the store will mount it, on a free local port. */
export const PREFIX = '/emulator/paymob';
export const INTEGRATIONS = { card: 4_097_558, wallet: 4_097_559, kiosk: 4_097_560, instalments: [4_097_561, 4_097_562] } as const;
export const ACCOUNT = {
  secretKey: 'egy_sk_test_5f0c1ad2c3e84b7d9a61e2f0b4c7d8e9',
  publicKey: 'egy_pk_test_Xk3J9qLmN2pR7sT1vW4yZ6aB8cD0eF5g',
  apiKey: 'test-api-key',
  hmacSecret: 'test-hmac-secret',
  integrations: INTEGRATIONS,
} as const;

const listen = (server: Server): Promise<string> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const shut = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

export interface RunningPaymob {
  readonly url: string;
  readonly control: PaymobEmulatorControl;
  gateway(config?: Partial<PaymobGatewayConfig>): PaymobGateway;
  /** The buyer loads Unified Checkout at `frame` (a path or the adapter's frame URL) and presses a button. */
  press(frame: string, choice: 'pay' | 'decline', plan?: number): Promise<string>;
  /** Presses a button on the checkout of a Paymob order's intention. */
  buyer(reference: string, choice: 'pay' | 'decline'): Promise<string>;
  /** The buyer types the OTP on the wallet's approval page (the one the page shows, unless told another). */
  approveWallet(page: string, otp?: string): Promise<string>;
  close(): Promise<void>;
}

export const startPaymob = async (options: Partial<PaymobEmulatorOptions> = {}): Promise<RunningPaymob> => {
  const account = { ...ACCOUNT, ...options };
  const { router, control } = paymobEmulator({ prefix: PREFIX, ...account });
  const app = new Koa();
  app.use(router.routes()).use(router.allowedMethods());
  const server = createServer(app.callback());
  const url = await listen(server);
  const address = (page: string) => (page.startsWith('http') ? page : url + page);
  const post = async (page: string, form: Record<string, string>) => {
    const answer = await fetch(address(page), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    if (answer.status !== 200) throw new Error(`${page} refused ${JSON.stringify(form)}: ${answer.status} ${await answer.text()}`);
    return answer.text();
  };
  const press = async (frame: string, choice: 'pay' | 'decline', plan?: number) => {
    const page = await fetch(address(frame));
    const html = await page.text();
    if (page.status !== 200 || !html.includes(`value="${choice}"`)) throw new Error(`no checkout page at ${frame}: ${page.status} ${html}`);
    return post(frame, { choice, ...(plan !== undefined ? { plan: String(plan) } : {}) });
  };
  return {
    url,
    control,
    gateway: (config = {}) =>
      new PaymobGateway({ ...account, baseUrl: url + PREFIX, mode: 'test', timeoutMs: 2000, ...config }),
    press,
    buyer: (reference, choice) => {
      const frame = control.framePathOf(reference);
      if (!frame) throw new Error(`no intention for Paymob order ${reference}`);
      return press(frame, choice);
    },
    approveWallet: async (page, otp) => {
      const html = await (await fetch(address(page))).text();
      const shown = /data-otp="(\d{6})"/.exec(html)?.[1];
      if (!shown) throw new Error(`no wallet approval at ${page}: ${html}`);
      return post(page, { otp: otp ?? shown, choice: 'pay' });
    },
    close: async () => {
      control.close();
      await shut(server);
    },
  };
};

/** A store's callback address that keeps what Paymob POSTs to it, exactly as received. */
export const startCallbackReceiver = async () => {
  const received: IncomingNotification[] = [];
  const server = createServer((request, response) => {
    let rawBody = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (rawBody += chunk));
    request.on('end', () => {
      const query = Object.fromEntries(new URL(request.url ?? '/', 'http://store.test').searchParams);
      received.push({ headers: { 'content-type': request.headers['content-type'] }, rawBody, query });
      response.end('ok');
    });
  });
  const url = await listen(server);
  /** The callbacks received about a Paymob order, of either shape. */
  const about = (reference: string, shape: 'transaction' | 'intention' = 'transaction') =>
    received.filter((c) => {
      const body = JSON.parse(c.rawBody);
      return shape === 'transaction' ? body.type === 'TRANSACTION' && String(body.obj.order.id) === reference : String(body.intention?.intention_order_id) === reference;
    });
  return { url: `${url}/api/payments/paymob/callback`, received, about, close: () => shut(server) };
};

/** The address a page's "Return to the store" link leads to, as a browser would read it. */
export const returnLinkOf = (html: string): URL => {
  const href = /id="continue" href="([^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error(`no return link in ${html}`);
  return new URL(href.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>'));
};

/** A store order paid through Paymob by `method`. */
export const order = (amount: Money = egp(120_000), method = 'card', phone?: string): PaymentRequest => ({
  orderId: nextId(),
  method,
  amount,
  items: [{ name: 'Atlas of Periodontics', price: amount }],
  buyer: { name: 'Hana Adel Mostafa', email: 'hana@mail.test', ...(phone ? { phone } : {}) },
});

/** A JSON body changed the way an attacker would, keeping the rest of the notification. */
export const altered = (notification: IncomingNotification, change: (body: Json) => void): IncomingNotification => {
  const body = JSON.parse(notification.rawBody);
  change(body);
  return { ...notification, rawBody: JSON.stringify(body) };
};

/** A payment notice, or a failure naming what came instead. */
export const paymentNotice = (notice: PaymentNotice | RefundNotice | undefined): PaymentNotice => {
  if (!notice || notice.kind === 'refund') throw new Error(`not a payment notice: ${JSON.stringify(notice)}`);
  return notice;
};
