import { freshPglite } from '../support/databases';
import { auditLogContract } from './audit-log.contract';
import { knexAuditLog } from './knex-audit-log';

auditLogContract('PGlite', async () => knexAuditLog(await freshPglite()));
