/**
 * Paymob's side of the payments benchmark, as a process of its own (started by
 * bench/payments-scenario.ts): the emulator on a port of its own, as the real Paymob is another
 * machine. The store is given its keys as real-mode settings with PAYMOB_BASE_URL pointing here, so
 * the store's process does only the store's work: the emulator's pages, HMACs and callbacks are
 * timed apart. Prints its address, then serves until killed.
 */
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import Koa from 'koa';
import { paymobEmulator } from '../adapters/payments/paymob/emulator';
import type { PaymobSettings } from '../adapters/payments/paymob/config';

const account = JSON.parse(process.argv[2] ?? '') as Pick<PaymobSettings, 'secretKey' | 'publicKey' | 'apiKey' | 'hmacSecret' | 'integrations'>;
// Every kiosk order of the run stays payable: 1,000 references and the wallet purchases after them.
const { router } = paymobEmulator({ ...account, maxOrders: 100_000 });
const app = new Koa();
app.use(router.routes()).use(router.allowedMethods());
const server = createServer(app.callback());
// Paymob holds its connections to the store open, as browsers and servers do.
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
