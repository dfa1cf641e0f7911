import { freshPglite } from '../support/databases';
import { knexPaymentReceipts } from './knex-payment-receipts';
import { paymentReceiptsContract } from './payment-receipts.contract';

paymentReceiptsContract('PGlite', async () => knexPaymentReceipts(await freshPglite()));
