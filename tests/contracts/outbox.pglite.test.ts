import { freshPglite } from '../support/databases';
import { knexOutbox } from './knex-outbox';
import { outboxContract } from './outbox.contract';

outboxContract('PGlite', async () => knexOutbox(await freshPglite()));
