import { KnexExternalIdentities, KnexPendingSignIns } from '../../adapters/persistence/knex-external-identities';
import { KnexUsers } from '../../adapters/persistence/knex-accounts';
import { Database } from '../../adapters/persistence/database';
import { ExternalIdentitiesUnderTest } from './external-identities.contract';

export const knexExternalIdentities = (db: Database): ExternalIdentitiesUnderTest => ({
  links: new KnexExternalIdentities(db.knex),
  pending: new KnexPendingSignIns(db.knex),
  addAccount: async (id) => {
    await new KnexUsers(db.knex).add({ id, username: `u${id}`, email: `${id}@mail.test`, role: 'User', passwordHash: 'x' });
  },
  close: () => db.close(),
});
