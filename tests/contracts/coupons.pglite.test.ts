import { freshPglite } from '../support/databases';
import { knexCoupons } from './knex-coupons';
import { couponsContract } from './coupons.contract';

couponsContract('PGlite', async () => knexCoupons(await freshPglite()));
