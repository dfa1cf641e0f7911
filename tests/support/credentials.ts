/** Every credential a real store needs (made up: nothing here reaches a provider), for tests of the settings. */
export const ALL_CREDENTIALS = {
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 'secret',
  PAYPAL_WEBHOOK_ID: 'WH-1',
  PAYMOB_SECRET_KEY: 'egy_sk_live_1a2b3c',
  PAYMOB_PUBLIC_KEY: 'egy_pk_live_4d5e6f',
  PAYMOB_API_KEY: 'key',
  PAYMOB_HMAC_SECRET: 'hmac',
  PAYMOB_CARD_INTEGRATION_ID: '123',
};
