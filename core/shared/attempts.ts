/** A key counted within a window of time: an account's sign-ins, an address's free orders. */
export interface ThrottleRule {
  readonly key: string;
  /** Tries allowed within the window. */
  readonly limit: number;
}

/** Tries counted per key within a window of time, shared by every app process (PostgreSQL). */
export interface Attempts {
  /**
   * Counts one try against every rule at once, atomically however many run side by side; answers
   * the seconds until every rule allows another, 0 when none is over its limit (the try may go on).
   */
  consume(rules: readonly ThrottleRule[], windowSeconds: number): Promise<number>;
}
