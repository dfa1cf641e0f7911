import { freshPglite } from '../support/databases';
import { customersContract } from './customers.contract';
import { knexCustomers } from './knex-customers';

customersContract('PGlite', async () => knexCustomers(await freshPglite()));
