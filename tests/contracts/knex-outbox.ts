import { KnexOutbox, queueMail } from '../../adapters/persistence/knex-outbox';
import { Database } from '../../adapters/persistence/database';
import { OutboxUnderTest } from './outbox.contract';

/** The knex outbox on an open database, as two app processes would each hold it. */
export const knexOutbox = (db: Database): OutboxUnderTest => ({
  outbox: new KnexOutbox(db.knex),
  other: new KnexOutbox(db.knex),
  queue: (id, mail, dueAt) => queueMail(db.knex, id, mail, dueAt),
  stateOf: async (id) => {
    const row = await db.knex('outbox').where({ id }).first();
    return (
      row && {
        status: row.status,
        attempts: row.attempts,
        dueAt: row.due_at,
        sentAt: row.sent_at ?? undefined,
        lastError: row.last_error ?? undefined,
      }
    );
  },
  close: () => db.close(),
});
