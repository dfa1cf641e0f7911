import { Database } from '../../adapters/persistence/database';
import { KnexSessions, KnexUsers } from '../../adapters/persistence/knex-accounts';
import { KnexOutbox } from '../../adapters/persistence/knex-outbox';
import { KnexPasswordResets } from '../../adapters/persistence/knex-password-resets';
import { FixedClock } from '../support/clock';
import { PasswordResetsUnderTest } from './password-resets.contract';

export const knexPasswordResets = (db: Database): PasswordResetsUnderTest => {
  const clock = new FixedClock();
  return {
    resets: new KnexPasswordResets(db.knex),
    users: new KnexUsers(db.knex),
    sessions: new KnexSessions(db.knex, clock),
    outbox: new KnexOutbox(db.knex),
    clock,
    close: () => db.close(),
  };
};
