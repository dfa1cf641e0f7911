import { OutgoingMail } from './mailer';

/** A link to a guest's library, kept as the hash of its token (a copy of the table opens nothing). */
export interface LibraryLink {
  readonly tokenHash: string;
  /** In its normal form (normalEmail), as every address is stored. */
  readonly email: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

/** A library session as the browser's cookie names it: the hash of its token, and its end. */
export interface LibrarySessionStart {
  readonly tokenHash: string;
  readonly expiresAt: Date;
}

/**
 * Guests' library links and sessions (DECISIONS 25). Links made with a paid order's confirmation are
 * kept in that order's unit of work (OrderWork.keepLibraryLink); these are the rest.
 */
export interface GuestLibrary {
  /**
   * In one step, when `tokenHash` names a link unused and unexpired at `now`: marks it used and starts
   * a library session for its address; answers the address. Otherwise (unknown, used, expired)
   * changes nothing and answers undefined. Two racing opens of one link: one answers the address.
   */
  open(tokenHash: string, session: LibrarySessionStart, now: Date): Promise<string | undefined>;
  /** The address of the library session `tokenHash` names, if it is live at `now`. */
  sessionOf(tokenHash: string, now: Date): Promise<string | undefined>;
  end(tokenHash: string): Promise<void>;
  /**
   * In one step, and only when a guest order (not attached to an account) was placed with
   * `link.email`: keeps the link and queues `mail` to that address. The same work whether or not
   * one was, and it does not say which.
   */
  offer(link: LibraryLink, mail: OutgoingMail): Promise<void>;
}
