import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import Koa from 'koa';
import { PaymobConfig, PaymobGateway } from '../../adapters/payments/paymob/gateway';
import { paymobEmulator, PaymobEmulatorControl, PaymobEmulatorOptions } from '../../adapters/payments/paymob/emulator';
import { IncomingNotification } from '../../core/ordering/ports/payment-gateway';

/** The emulator mounted under a prefix, as the store will mount it, on a free local port. */
export const PREFIX = '/emulator/paymob';
export const ACCOUNT = { apiKey: 'test-api-key', hmacSecret: 'test-hmac-secret', integrationId: 4_097_558, iframeId: 858_127 } as const;

const listen = (server: Server): Promise<string> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const shut = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

export interface RunningPaymob {
  readonly url: string;
  readonly control: PaymobEmulatorControl;
  gateway(config?: Partial<PaymobConfig>): PaymobGateway;
  /** The buyer loads the card page at `frame` (a path or the adapter's frame URL) and presses a button. */
  press(frame: string, choice: 'pay' | 'decline'): Promise<string>;
  /** Presses a button on the page of a Paymob order's latest payment key. */
  buyer(reference: string, choice: 'pay' | 'decline'): Promise<string>;
  close(): Promise<void>;
}

export const startPaymob = async (options: Partial<PaymobEmulatorOptions> = {}): Promise<RunningPaymob> => {
  const { router, control } = paymobEmulator({ ...ACCOUNT, prefix: PREFIX, ...options });
  const app = new Koa();
  app.use(router.routes()).use(router.allowedMethods());
  const server = createServer(app.callback());
  const url = await listen(server);
  const press = async (frame: string, choice: 'pay' | 'decline') => {
    const address = frame.startsWith('http') ? frame : url + frame;
    const page = await fetch(address);
    const html = await page.text();
    if (page.status !== 200 || !html.includes(`value="${choice}"`)) throw new Error(`no card page at ${address}: ${page.status} ${html}`);
    const answer = await fetch(address, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ choice }).toString(),
    });
    if (answer.status !== 200) throw new Error(`the card page refused ${choice}: ${answer.status}`);
    return answer.text();
  };
  return {
    url,
    control,
    gateway: (config = {}) => new PaymobGateway({ ...ACCOUNT, baseUrl: url + PREFIX, timeoutMs: 2000, ...config }),
    press,
    buyer: (reference, choice) => {
      const frame = control.framePathOf(reference);
      if (!frame) throw new Error(`no payment key for Paymob order ${reference}`);
      return press(frame, choice);
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
  return { url: `${url}/api/payments/paymob/callback`, received, close: () => shut(server) };
};

/** The address a page's "Return to the store" link leads to, as a browser would read it. */
export const returnLinkOf = (html: string): URL => {
  const href = /id="continue" href="([^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error(`no return link in ${html}`);
  return new URL(href.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>'));
};
