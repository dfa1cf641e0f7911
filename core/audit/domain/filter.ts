import { DATES_BACKWARDS, DATE_RULE, MS_PER_DAY, midnightOf } from '../../shared/days';
import { DomainError, invalid } from '../../shared/errors';
import { AUDIT_ACTIONS, AuditAction } from './audit';

/** Which entries the audit log screen asks for; every part optional. Times are ISO instants in UTC. */
export interface AuditFilter {
  readonly actorId?: string;
  readonly action?: AuditAction;
  /** The first instant included. */
  readonly from?: string;
  /** The first instant no longer included. */
  readonly until?: string;
}

/** The filter as the screen sends it: an admin's id, an action, days from and to (YYYY-MM-DD, both included). */
export interface AuditFilterInput {
  readonly admin?: string;
  readonly action?: string;
  readonly from?: string;
  readonly to?: string;
}

export const AUDIT_ADMIN_RULE = 'admin must be the id of an account, as the list of admins gives it';
export const AUDIT_ACTION_RULE = 'action must be one of the actions the audit log keeps';

/** Account ids are 24 hexadecimal characters (adapters/system/object-ids.ts). */
const ACCOUNT_ID = /^[0-9a-f]{24}$/;

/** The filter the screen's input asks for, or why it is refused (400). */
export const auditFilterOf = (input: AuditFilterInput): AuditFilter | DomainError => {
  if (input.admin !== undefined && !ACCOUNT_ID.test(input.admin)) return invalid(AUDIT_ADMIN_RULE);
  if (input.action !== undefined && !(AUDIT_ACTIONS as readonly string[]).includes(input.action)) return invalid(AUDIT_ACTION_RULE);
  const from = input.from === undefined ? undefined : midnightOf(input.from);
  const to = input.to === undefined ? undefined : midnightOf(input.to);
  if ((input.from !== undefined && !from) || (input.to !== undefined && !to)) return invalid(DATE_RULE);
  if (from && to && from > to) return invalid(DATES_BACKWARDS);
  return {
    ...(input.admin === undefined ? {} : { actorId: input.admin }),
    ...(input.action === undefined ? {} : { action: input.action as AuditAction }),
    ...(from ? { from: from.toISOString() } : {}),
    ...(to ? { until: new Date(to.getTime() + MS_PER_DAY).toISOString() } : {}),
  };
};

/** Whether `entry` is one the filter asks for: the in-memory twin's rule, the database's where clause. */
export const isAsked = (filter: AuditFilter, entry: { readonly actorId: string; readonly action: string; readonly at: string }): boolean =>
  (filter.actorId === undefined || entry.actorId === filter.actorId) &&
  (filter.action === undefined || entry.action === filter.action) &&
  (filter.from === undefined || Date.parse(entry.at) >= Date.parse(filter.from)) &&
  (filter.until === undefined || Date.parse(entry.at) < Date.parse(filter.until));
