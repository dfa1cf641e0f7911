import { TEST_DATABASE_URL, freshPostgres } from '../support/databases';
import { auditLogContract } from './audit-log.contract';
import { knexAuditLog } from './knex-audit-log';

// Runs in `npm run test:e2e`, which starts a PostgreSQL 15 server and sets TEST_DATABASE_URL.
const url = TEST_DATABASE_URL;
if (url) auditLogContract('PostgreSQL server', async () => knexAuditLog(await freshPostgres(url)));
else test.skip('AuditLog contract: PostgreSQL server (needs TEST_DATABASE_URL; run npm run test:e2e)', () => {});
