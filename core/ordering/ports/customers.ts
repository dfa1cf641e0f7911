import { Id } from '../../shared/ids';
import { Paging } from '../../shared/paging';
import { CustomerRef, CustomerSummary } from '../domain/customer';

/** A file or link of a customer's order opened by them. */
export interface CustomerDownload {
  readonly orderId: Id;
  readonly productId: Id;
  readonly title: string;
  readonly at: string;
  readonly purpose: 'download' | 'read' | 'link';
}

/**
 * The back office's customers (issue 21): accounts and guests (addresses with guest orders not
 * attached to an account), ordered by address, each with its orders' figures.
 */
export interface CustomerDirectory {
  /**
   * A page of customers whose name or address holds `search` (lower case; every one when none),
   * ordered by address, and how many there are counted up to `countCap` (past it, `countCap + 1`).
   */
  list(search: string | undefined, paging: Paging, countCap: number): Promise<{ readonly items: readonly CustomerSummary[]; readonly total: number }>;
  /** The customer `ref` names: an account (with or without orders), or a guest address with guest orders. */
  find(ref: CustomerRef): Promise<CustomerSummary | undefined>;
  /** The customer's newest downloads and reads of their orders' products, at most `limit`. */
  downloadsOf(ref: CustomerRef, limit: number): Promise<readonly CustomerDownload[]>;
}
