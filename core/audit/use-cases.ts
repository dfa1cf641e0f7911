import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { requireAdmin } from '../identity/domain/rights';
import { User } from '../identity/domain/user';
import { DomainError, isDomainError } from '../shared/errors';
import { PageOf, pageOf, paging } from '../shared/paging';
import { attempt } from '../shared/task';
import { AuditEntry } from './domain/audit';
import { AuditFilterInput, auditFilterOf } from './domain/filter';
import { AuditActor, AuditLog } from './ports';

/** Admins read what admins did, newest first, filtered by admin, action and days. */
export class AuditTrail {
  constructor(private readonly log: AuditLog) {}

  recent(user: User | undefined, page: number, limit: number, asked: AuditFilterInput = {}): TE.TaskEither<DomainError, PageOf<AuditEntry>> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const p = paging(page, limit);
      if (E.isLeft(p)) return p.left;
      const filter = auditFilterOf(asked);
      if (isDomainError(filter)) return filter;
      const [items, total] = await Promise.all([this.log.recent(p.right, filter), this.log.count(filter)]);
      return pageOf(items, total, p.right);
    });
  }

  /** The accounts the log names, for the screen's filter. */
  actors(user: User | undefined): TE.TaskEither<DomainError, readonly AuditActor[]> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      return this.log.actors();
    });
  }
}
