import { Database } from '../../adapters/persistence/database';
import { KnexAuditLog, recordAudit } from '../../adapters/persistence/knex-audit-log';
import { AuditLogUnderTest } from './audit-log.contract';

/** KnexAuditLog on a given database, written to as the editors write to it. */
export const knexAuditLog = (db: Database): AuditLogUnderTest => ({
  log: new KnexAuditLog(db.knex),
  record: async (entry) => void (await recordAudit(db.knex, entry)),
  addUser: async (id, username) => {
    await db.knex('users').insert({ id, username, email: `${id}@mail.test`, password_hash: 'hash' });
  },
  close: () => db.close(),
});
