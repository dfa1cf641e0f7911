import { KnexOrders } from '../../adapters/persistence/knex-orders';
import { freshPglite } from '../support/databases';
import { knexOrders } from './knex-orders';
import { ordersContract } from './orders.contract';

// Every title search the other way: by walking the newest orders and reading their titles on the row,
// as a word many titles have is found at scale (order-search-sql.ts).
ordersContract('PGlite, titles walked', async () => {
  const db = await freshPglite();
  return { ...knexOrders(db), orders: new KnexOrders(db.knex, 1) };
});
