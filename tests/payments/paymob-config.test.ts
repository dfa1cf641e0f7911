import { integrationsFor, methodsOf, PAYMOB_ENV, paymobSettingsFrom } from '../../adapters/payments/paymob/config';
import { walletNumber as egyptianMobile } from '../../core/ordering/domain/wallet-number';

const KEYS = {
  PAYMOB_SECRET_KEY: 'egy_sk_test_5f0c1ad2c3e84b7d',
  PAYMOB_PUBLIC_KEY: 'egy_pk_test_Xk3J9qLmN2pR7sT1',
  PAYMOB_API_KEY: 'ZXlKaGJHY2lPaUpJVXpVeE1pSXNJblI1Y0NJNklrcFhWQ0o5',
  PAYMOB_HMAC_SECRET: 'B1C2D3E4F5',
};
const ALL = {
  ...KEYS,
  PAYMOB_CARD_INTEGRATION_ID: '4097558',
  PAYMOB_WALLET_INTEGRATION_ID: '4097559',
  PAYMOB_KIOSK_INTEGRATION_ID: '4097560',
  PAYMOB_INSTALMENT_INTEGRATION_IDS: '4097561, 4097562',
};
const problemOf = (env: Record<string, string | undefined>): string => {
  try {
    paymobSettingsFrom(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('Paymob settings from the environment', () => {
  it('are none when nothing is set: the store then serves its emulator (test mode only)', () => {
    expect(paymobSettingsFrom({})).toBeUndefined();
    expect(paymobSettingsFrom({ PAYMOB_BASE_URL: 'https://accept.paymob.com', PAYMOB_CARD_INTEGRATION_ID: '' })).toBeUndefined();
  });

  it('read the keys, the integration of each method and the mode', () => {
    expect(paymobSettingsFrom(ALL)).toEqual({
      secretKey: KEYS.PAYMOB_SECRET_KEY,
      publicKey: KEYS.PAYMOB_PUBLIC_KEY,
      apiKey: KEYS.PAYMOB_API_KEY,
      hmacSecret: KEYS.PAYMOB_HMAC_SECRET,
      integrations: { card: 4097558, wallet: 4097559, kiosk: 4097560, instalments: [4097561, 4097562] },
      baseUrl: 'https://accept.paymob.com',
      mode: 'test',
    });
    const live = paymobSettingsFrom({ ...KEYS, PAYMOB_SECRET_KEY: 'egy_sk_live_a1', PAYMOB_PUBLIC_KEY: 'egy_pk_live_b2', PAYMOB_KIOSK_INTEGRATION_ID: '7', PAYMOB_BASE_URL: 'http://127.0.0.1:9/' });
    expect(live).toMatchObject({ integrations: { kiosk: 7 }, baseUrl: 'http://127.0.0.1:9', mode: 'live' });
    expect(PAYMOB_ENV).toEqual([...Object.keys(ALL), 'PAYMOB_BASE_URL']);
  });

  it('are all the keys or none, naming what is missing', () => {
    expect(problemOf({ ...ALL, PAYMOB_HMAC_SECRET: undefined, PAYMOB_API_KEY: ' ' })).toContain('PAYMOB_API_KEY, PAYMOB_HMAC_SECRET: needed with');
    expect(problemOf({ PAYMOB_WALLET_INTEGRATION_ID: '4097559' })).toContain(
      'PAYMOB_SECRET_KEY, PAYMOB_PUBLIC_KEY, PAYMOB_API_KEY, PAYMOB_HMAC_SECRET: needed with PAYMOB_WALLET_INTEGRATION_ID',
    );
    expect(problemOf(KEYS)).toContain(
      'set at least one of PAYMOB_CARD_INTEGRATION_ID, PAYMOB_WALLET_INTEGRATION_ID, PAYMOB_KIOSK_INTEGRATION_ID, PAYMOB_INSTALMENT_INTEGRATION_IDS',
    );
  });

  it('refuse keys of two modes, two accounts, another country, or that are no keys', () => {
    expect(problemOf({ ...ALL, PAYMOB_PUBLIC_KEY: 'egy_pk_live_Xk3J9q' })).toContain('PAYMOB_SECRET_KEY (egy, test) and PAYMOB_PUBLIC_KEY (egy, live) must be of one account and one mode');
    expect(problemOf({ ...ALL, PAYMOB_PUBLIC_KEY: 'are_pk_test_Xk3J9q' })).toContain('(egy, test) and PAYMOB_PUBLIC_KEY (are, test)');
    expect(problemOf({ ...ALL, PAYMOB_SECRET_KEY: 'sau_sk_test_1', PAYMOB_PUBLIC_KEY: 'sau_pk_test_2' })).toContain("the keys are of Paymob's sau account");
    expect(problemOf({ ...ALL, PAYMOB_SECRET_KEY: KEYS.PAYMOB_PUBLIC_KEY })).toContain('PAYMOB_SECRET_KEY: not a Paymob secret key');
    expect(problemOf({ ...ALL, PAYMOB_PUBLIC_KEY: 'pk_test_123' })).toContain('PAYMOB_PUBLIC_KEY: not a Paymob public key');
  });

  it('refuse an integration id that is none, or one given for two methods', () => {
    expect(problemOf({ ...ALL, PAYMOB_CARD_INTEGRATION_ID: 'card' })).toContain('PAYMOB_CARD_INTEGRATION_ID must be an integration id (a positive whole number), not "card"');
    expect(problemOf({ ...ALL, PAYMOB_INSTALMENT_INTEGRATION_IDS: '4097561,,0' })).toContain('PAYMOB_INSTALMENT_INTEGRATION_IDS must be an integration id');
    expect(problemOf({ ...ALL, PAYMOB_INSTALMENT_INTEGRATION_IDS: '4097558' })).toContain('integration id 4097558 is given for two methods');
    expect(problemOf({ ...ALL, PAYMOB_BASE_URL: 'accept.paymob.com' })).toContain('PAYMOB_BASE_URL must be an http(s) address');
  });

  it("refuse the legacy frame's settings, saying what replaces them", () => {
    expect(problemOf({ ...ALL, PAYMOB_INTEGRATION_ID: '4097558' })).toContain('PAYMOB_INTEGRATION_ID is no longer read: set PAYMOB_CARD_INTEGRATION_ID');
    expect(problemOf({ PAYMOB_IFRAME_ID: '858127' })).toContain('PAYMOB_IFRAME_ID is no longer read: set nothing (Unified Checkout replaces the iframe)');
  });

  it('offer the methods configured, in the order card, wallet, kiosk, instalments', () => {
    expect(methodsOf({ instalments: [3], kiosk: 2, card: 1 })).toEqual(['card', 'kiosk', 'instalments']);
    expect(methodsOf({ wallet: 1, instalments: [] })).toEqual(['wallet']);
    expect(integrationsFor({ card: 1, instalments: [3, 4] }, 'instalments')).toEqual([3, 4]);
    expect(integrationsFor({ card: 1 }, 'wallet')).toEqual([]);
    expect(integrationsFor({ card: 1 }, 'toString')).toEqual([]);
  });
});

describe("a wallet's mobile number", () => {
  it.each([
    ['01012345678', '01012345678'],
    ['010 1234 5678', '01012345678'],
    ['+20 10 1234 5678', '01012345678'],
    ['+20 010-1234-5678', '01012345678'],
    ['0020 1112345678', '01112345678'],
    ['(012) 1234.5678', '01212345678'],
    ['٠١٥٥١٢٣٤٥٦٧', '01551234567'],
    ['۰۱۰۱۲۳۴۵۶۷۸', '01012345678'],
  ])('%s is %s', (typed, number) => expect(egyptianMobile(typed)).toBe(number));

  it.each([[undefined], [''], ['1012345678'], ['01312345678'], ['0101234567'], ['010123456789'], ['+2101012345678'], ['201012345678'], ['+1 202 555 0143'], ['0'.repeat(41)]])(
    '%s is none',
    (typed) => expect(egyptianMobile(typed)).toBeUndefined(),
  );
});
