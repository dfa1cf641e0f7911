/**
 * How long the store keeps what visitors make it write: every table a visitor can add rows to has
 * a rule here, and the rules are written nowhere else (the table in docs/operating.md repeats
 * them). Each kind of record is kept `keep` past its moment, then removed by the housekeeping run.
 * Paid orders and their lines are business records and have no rule: they stay.
 */
export const RETAINED_RECORDS = [
  /** Counts per day, page and country; moment: the day. */
  'visits',
  /** A window of failed sign-ins of one key; moment: the window's end. */
  'sign-in-failures',
  /** An address an account signed in from (kept hashed); moment: its last sign-in from there. */
  'sign-in-addresses',
  /** A sign-in started at Google and not come back; moment: its expiry. */
  'pending-sign-ins',
  /** A session; moment: its expiry. */
  'sessions',
  /** A reset link, used or not; moment: its expiry. */
  'password-resets',
  /** A download of a delivered order's product; moment: the download. */
  'downloads',
  /**
   * A response of a product file's download link that does not count toward its line's cap (cut,
   * a part of a resumed download, the reader's pages, or reset by the admin); moment: the response.
   * Completed downloads that count stay with the paid order: the cap is counted from them, and
   * they are at most the cap per line.
   */
  'file-downloads',
  /** A guest's library link, used or not; moment: its expiry. */
  'library-links',
  /** A guest's library session; moment: its expiry. */
  'library-sessions',
  /** An e-mail sent; moment: when it was sent. */
  'sent-mail',
  /** An e-mail given up on; moment: its last try. */
  'failed-mail',
  /** An order never paid, pending or failed; moment: when it was placed. */
  'unpaid-orders',
  /** A cart's entry of a product since deleted (already out of every cart's answers); moment: the deletion. */
  'cart-entries-of-deleted-products',
] as const;

export type RetainedRecord = (typeof RETAINED_RECORDS)[number];

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** How long past its moment each kind of record is kept, in milliseconds. */
export type RetentionPolicy = Readonly<Record<RetainedRecord, number>>;

export const RETENTION_POLICY: RetentionPolicy = {
  // Two years of history for the owner, bounded per day by the store's pages times the countries.
  visits: 730 * DAY_MS,
  // Void once expired; the hour lets a request that read one just before its end finish with it.
  'sign-in-failures': HOUR_MS,
  'pending-sign-ins': HOUR_MS,
  sessions: HOUR_MS,
  'password-resets': HOUR_MS,
  'library-links': HOUR_MS,
  'library-sessions': HOUR_MS,
  // An address unused for a year is a stranger's again (core/identity/domain/sign-in-limits.ts).
  'sign-in-addresses': 365 * DAY_MS,
  // Who downloaded what, for a dispute about a purchase; a year covers the providers' dispute windows.
  downloads: 365 * DAY_MS,
  'file-downloads': 365 * DAY_MS,
  // Long enough to answer "I never got the e-mail"; a failure longer, for the operator to look into.
  'sent-mail': 30 * DAY_MS,
  'failed-mail': 90 * DAY_MS,
  // Reconciliation settles or fails a started payment within a day (Reconcile); 90 days is ample.
  'unpaid-orders': 90 * DAY_MS,
  // A product recreated within a month comes back into the carts that held it.
  'cart-entries-of-deleted-products': 30 * DAY_MS,
};

/** The moment before which a record of `kind` goes, as of `now`. */
export const removableBefore = (kind: RetainedRecord, now: Date, policy: RetentionPolicy = RETENTION_POLICY): Date =>
  new Date(now.getTime() - policy[kind]);
