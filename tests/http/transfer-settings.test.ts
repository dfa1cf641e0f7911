import { ALL_CREDENTIALS } from '../support/credentials';
import { configFromEnv } from '../../adapters/di/config';
import { composePayments } from '../../adapters/di/payment-providers';
import { PAYMENT_PROVIDERS } from '../../adapters/payments/registry';
import { NOT_VALID } from '../../adapters/payments/settings';

/**
 * The manual transfer is off unless the owner says where the money goes (issue 18, item 4): a real
 * store without TRANSFER_INSTAPAY_ADDRESS or TRANSFER_WALLET_NUMBER starts and does not offer it;
 * with either it is offered with those details; a malformed one stops the store, named.
 */
const REAL_PROVIDERS = { PUBLIC_URL: 'https://shop.example', ...ALL_CREDENTIALS };

const composed = (env: Record<string, string>) => {
  const config = configFromEnv(env);
  return composePayments({
    publicUrl: 'https://shop.example',
    testMode: config.testMode !== undefined,
    providers: PAYMENT_PROVIDERS,
    configured: config.payments ?? {},
    clock: { now: () => new Date('2026-11-24T13:00:00Z') },
  });
};

describe('the manual transfer, as the owner configures it', () => {
  it('is not offered, and is no reason not to start, when the owner set no receiving details', () => {
    const payments = composed(REAL_PROVIDERS);
    expect(payments.settings.providers.map((p) => p.name)).toEqual(['paypal', 'paymob']);
    expect(payments.gateways.transfer).toBeUndefined();
    expect(payments.routes.map((r) => r.name)).toEqual(['paypal', 'paymob']);
  });

  it('is offered with the InstaPay address, the wallet number, or both, as real details', async () => {
    const payments = composed({ ...REAL_PROVIDERS, TRANSFER_INSTAPAY_ADDRESS: 'dentallibrary@instapay', TRANSFER_WALLET_NUMBER: '01012345678' });
    expect(payments.settings.providers.find((p) => p.name === 'transfer')).toMatchObject({ test: false, client: { instapay: 'dentallibrary@instapay', wallet: '01012345678' } });
    const start = await payments.gateways.transfer!.start({
      orderId: '64d0c0de0000000000000001',
      method: 'transfer',
      amount: { minor: 130_000, currency: 'EGP' },
      items: [],
      buyer: { name: 'Hana', email: 'hana@mail.test' },
    });
    expect(start).toEqual({
      kind: 'started',
      reference: expect.stringMatching(/^DL-/),
      next: { kind: 'offline', payAt: { reference: expect.any(String), payTo: 'InstaPay dentallibrary@instapay or wallet 01012345678', expiresAt: '2026-11-27T13:00:00.000Z' } },
    });
    expect(composed({ ...REAL_PROVIDERS, TRANSFER_WALLET_NUMBER: '01112345678' }).settings.providers.find((p) => p.name === 'transfer')?.client).toEqual({ wallet: '01112345678' });
  });

  it.each([
    [{ TRANSFER_WALLET_NUMBER: '12345' }, 'TRANSFER_WALLET_NUMBER: must be an Egyptian mobile wallet number'],
    [{ TRANSFER_INSTAPAY_ADDRESS: 'dentallibrary' }, "TRANSFER_INSTAPAY_ADDRESS: must be an InstaPay address such as 'yourstore@instapay'"],
    [{ TRANSFER_INSTAPAY_ADDRESS: '' }, 'TRANSFER_INSTAPAY_ADDRESS: must be an InstaPay address'],
  ])('stops the store for %j, naming the setting', (setting, message) => {
    expect(() => configFromEnv({ ...REAL_PROVIDERS, ...setting })).toThrow(NOT_VALID);
    expect(() => configFromEnv({ ...REAL_PROVIDERS, ...setting })).toThrow(message);
  });

  it('gives a refund back by hand: recorded with the refund key, no provider asked', async () => {
    const payments = composed({ ...REAL_PROVIDERS, TRANSFER_WALLET_NUMBER: '01012345678' });
    const money = { minor: 130_000, currency: 'EGP' as const };
    expect(await payments.gateways.transfer!.refund({ reference: 'DL-X', paymentId: 'transfer:1', paid: money, amount: money, refundKey: 'k1', method: 'transfer' })).toEqual({
      kind: 'refunded',
      refundId: 'manual:k1',
    });
    expect(await payments.gateways.transfer!.inquire('DL-X', '1')).toMatchObject({ kind: 'pending' });
    expect(await payments.gateways.transfer!.verify({ headers: {}, rawBody: '{}', query: {} })).toBeUndefined();
  });
});
