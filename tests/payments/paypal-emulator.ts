import Koa from 'koa';
import { once } from 'node:events';
import { AddressInfo } from 'node:net';
import { createServer, Server } from 'node:http';
import { PayPalGateway } from '../../adapters/payments/paypal/gateway';
import { PayPalConfig } from '../../adapters/payments/paypal/config';
import { paypalEmulator, PayPalEmulator, PayPalEmulatorOptions } from '../../adapters/payments/paypal/emulator';
import { Clock } from '../../core/shared/ids';

export const CREDENTIALS = { clientId: 'store-client-id', clientSecret: 'store-client-secret', webhookId: '8PT597110X687430LKGECATA' };
export const PREFIX = '/emulator/paypal';

export interface RunningEmulator {
  readonly emulator: PayPalEmulator;
  /** The emulator's base URL, prefix included: what the adapter's baseUrl and paypal-js's sdkBaseUrl start with. */
  readonly base: string;
  gateway(overrides?: Partial<PayPalConfig>, clock?: Clock): PayPalGateway;
  /** A buyer's click in PayPal's window (what the SDK stand-in's panel calls). */
  buyer(orderId: string, choice: 'approve' | 'decline' | 'cancel'): Promise<number>;
  close(): Promise<void>;
}

const listen = async (server: Server): Promise<string> => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** The emulator mounted under its prefix in a Koa app of its own, on a free port of 127.0.0.1. */
export const startPayPalEmulator = async (options: Partial<PayPalEmulatorOptions> = {}): Promise<RunningEmulator> => {
  const emulator = paypalEmulator({ ...CREDENTIALS, prefix: PREFIX, ...options });
  const app = new Koa();
  app.use(emulator.router.routes());
  app.use(emulator.router.allowedMethods());
  const server = createServer(app.callback());
  const base = `${await listen(server)}${PREFIX}`;
  emulator.controls.publicBaseUrl = base;
  return {
    emulator,
    base,
    gateway: (overrides = {}, clock) => new PayPalGateway({ baseUrl: base, ...CREDENTIALS, timeoutMs: 2000, ...overrides }, clock),
    buyer: async (orderId, choice) => (await fetch(`${base}/buyer/orders/${orderId}/${choice}`, { method: 'POST' })).status,
    close: async () => {
      emulator.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};

/** A stand-in for the store's webhook route: records what arrives and answers 200. */
export const startWebhookReceiver = async () => {
  const received: { headers: Record<string, string>; rawBody: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ headers, rawBody: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end();
    });
  });
  const url = `${await listen(server)}/api/paypal/webhook`;
  return {
    url,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};
