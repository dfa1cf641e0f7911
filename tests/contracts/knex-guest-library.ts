import { Database } from '../../adapters/persistence/database';
import { KnexCatalog } from '../../adapters/persistence/knex-catalog';
import { KnexGuestLibrary } from '../../adapters/persistence/knex-guest-library';
import { KnexOrders } from '../../adapters/persistence/knex-orders';
import { KnexUnitOfWork } from '../../adapters/persistence/knex-unit-of-work';
import { GuestLibraryUnderTest } from './guest-library.contract';

/** The knex adapters on a given database, for the PGlite and PostgreSQL runs of the contract. */
export const knexGuestLibrary = (db: Database): GuestLibraryUnderTest => ({
  orders: new KnexOrders(db.knex),
  work: new KnexUnitOfWork(db.knex),
  library: new KnexGuestLibrary(db.knex),
  catalog: new KnexCatalog(db.knex),
  addUser: async ({ id, username, email }) => {
    await db.knex('users').insert({ id, username, email, password_hash: 'hash' });
  },
  mailTo: async (address) =>
    (await db.knex('outbox').where('recipient', address).select('recipient', 'subject', 'text_body', 'html_body')).map((row) => ({
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
    })),
  close: () => db.close(),
});
