import { freshPglite } from '../support/databases';
import { knexOrders } from './knex-orders';
import { ordersContract } from './orders.contract';

ordersContract('PGlite', async () => knexOrders(await freshPglite()));
