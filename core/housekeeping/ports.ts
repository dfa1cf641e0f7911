import { RetainedRecord } from './domain/retention';

/**
 * The store's tables, as the housekeeping run sees them: it removes records past their retention
 * (domain/retention.ts), a batch at a time, so that a large backlog is cleared by many short
 * statements, never one long lock. Each adapter knows which rows a kind names and what its moment is.
 */
export interface Retention {
  /**
   * Removes at most `limit` records of `kind` whose moment is before `before` (for visits: whose day
   * is before `before`'s day, in UTC), and nothing else. Answers how many went.
   */
  remove(kind: RetainedRecord, before: Date, limit: number): Promise<number>;
}
