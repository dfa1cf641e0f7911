import { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import Koa from 'koa';
import { oidcEmulator, OidcEmulator } from '../../adapters/identity/oidc-emulator';
import { RunningStore, startStore } from './http';

export interface StoreWithOwnGoogle {
  readonly store: RunningStore;
  /** The identity provider the store is configured with: the emulator, which a test may make hostile. */
  readonly emulator: OidcEmulator;
  readonly issuer: string;
  close(): Promise<void>;
}

/**
 * The store configured with Google's credentials and an issuer of the test's own: the emulator on
 * a server of its own, which the store never serves and the test controls (claims, signing key).
 */
export const storeWithOwnGoogle = async (): Promise<StoreWithOwnGoogle> => {
  const client = { clientId: 'store-client', clientSecret: 'store-secret' };
  const idp = createServer();
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const store = await startStore([], { google: { ...client, issuer } });
  const emulator = await oidcEmulator({ issuer, prefix: '', ...client, redirectUris: [`${store.url}/api/auth/google/callback`] });
  const app = new Koa();
  app.use(emulator.router.routes());
  idp.on('request', app.callback());
  return {
    store,
    emulator,
    issuer,
    close: async () => {
      idp.closeAllConnections();
      await new Promise((resolve) => idp.close(resolve));
      await store.close();
    },
  };
};
