import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { knexPaymentReceipts } from './knex-payment-receipts';
import { paymentReceiptsContract } from './payment-receipts.contract';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) paymentReceiptsContract('PostgreSQL server', async () => knexPaymentReceipts(await freshPostgres(url)));
else test.skip('PaymentReceipts contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
