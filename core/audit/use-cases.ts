import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { requireAdmin } from '../identity/domain/rights';
import { User } from '../identity/domain/user';
import { DomainError, isDomainError } from '../shared/errors';
import { PageOf, pageOf, paging } from '../shared/paging';
import { attempt } from '../shared/task';
import { AuditEntry } from './domain/audit';
import { AuditLog } from './ports';

/** Admins read what admins did, newest first. */
export class AuditTrail {
  constructor(private readonly log: AuditLog) {}

  recent(user: User | undefined, page: number, limit: number): TE.TaskEither<DomainError, PageOf<AuditEntry>> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const p = paging(page, limit);
      if (E.isLeft(p)) return p.left;
      const [items, total] = await Promise.all([this.log.recent(p.right), this.log.count()]);
      return pageOf(items, total, p.right);
    });
  }
}
