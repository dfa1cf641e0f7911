/**
 * Every limit the store puts on tries, in one place, with what it counts and why (docs/operating.md
 * and the README's table say the same to operators). Counted in PostgreSQL, so every app process
 * shares the counts (core/shared/attempts.ts). None counts an honest try against a shared network:
 * Egyptian mobile operators put many subscribers behind one address (carrier-grade NAT), and a
 * campus or an office puts a whole class or staff behind one. So an address is limited only by
 * failures, or far above what a class does; a form mistake (a missing field, a rule, a mismatch)
 * is answered before anything is counted and costs nothing.
 */
export interface Limit {
  readonly tries: number;
  readonly windowSeconds: number;
}

const MINUTES_15 = 15 * 60;
const HOUR = 60 * 60;

export const LIMITS = {
  /** Wrong passwords for one account from addresses it never signed in from: guessing it. */
  signInFailuresPerAccount: { tries: 10, windowSeconds: MINUTES_15 },
  /**
   * Wrong passwords for one account from an address it signed in from before: its own counter, so
   * a stranger's guesses elsewhere never lock the owner out.
   */
  signInFailuresPerKnownAddress: { tries: 10, windowSeconds: MINUTES_15 },
  /** Failed sign-ins from one address, whatever the account (a success takes its try back): a spray of one password over many accounts. */
  signInFailuresPerAddress: { tries: 50, windowSeconds: MINUTES_15 },
  /** New accounts from one address: sized for a campus signing up in one lecture, far below a script's thousands. */
  signUpsPerAddress: { tries: 100, windowSeconds: HOUR },
  /** Current-password checks of one account (password change, connecting Google): an open session is no way to guess it. */
  passwordChecksPerAccount: { tries: 10, windowSeconds: MINUTES_15 },
  /** Reset links asked for one e-mail address: no one floods a mailbox. */
  resetRequestsPerEmail: { tries: 5, windowSeconds: HOUR },
  /** Reset links asked from one address: no one walks a list of addresses. */
  resetRequestsPerAddress: { tries: 20, windowSeconds: HOUR },
  /** Reset links tried from one address: each try costs a password hash. */
  resetTriesPerAddress: { tries: 20, windowSeconds: HOUR },
  /** Free orders of one account: a free order skips the providers, so nothing else limits it. */
  freeOrdersPerAccount: { tries: 10, windowSeconds: HOUR },
  /** Free orders from one address: for a class of students behind one address. */
  freeOrdersPerAddress: { tries: 100, windowSeconds: HOUR },
  /** Free orders of one guest's e-mail address: a guest has no account, so the address is counted as one. */
  freeOrdersPerGuestEmail: { tries: 10, windowSeconds: HOUR },
  /** New library links asked for one e-mail address: no one floods a mailbox. */
  libraryLinksPerEmail: { tries: 5, windowSeconds: HOUR },
  /** New library links asked from one address: no one walks a list of addresses. */
  libraryLinksPerAddress: { tries: 20, windowSeconds: HOUR },
  /** E-mails to one recipient: the store never becomes a way to flood a mailbox. */
  mailsPerRecipient: { tries: 5, windowSeconds: HOUR },
} as const satisfies Record<string, Limit>;

const minutes = (seconds: number) => Math.ceil(seconds / 60);
/** How long to wait, in the words every limit's message uses. */
export const inMinutes = (seconds: number) => `${minutes(seconds)} minutes`;
