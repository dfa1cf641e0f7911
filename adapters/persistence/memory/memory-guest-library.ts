import { GuestLibrary, LibraryLink, LibrarySessionStart } from '../../../core/ordering/ports/guest-library';
import { OutgoingMail } from '../../../core/ordering/ports/mailer';
import { MemoryOrders } from './memory-orders';

/**
 * The in-memory twin of KnexGuestLibrary. Its links live in MemoryOrders, where a paid order's unit
 * of work keeps them; no await between reading and writing, so each step is atomic.
 */
export class MemoryGuestLibrary implements GuestLibrary {
  readonly sessions = new Map<string, { readonly email: string; readonly expiresAt: Date }>();

  constructor(private readonly orders: MemoryOrders) {}

  async open(tokenHash: string, session: LibrarySessionStart, now: Date): Promise<string | undefined> {
    const link = this.orders.libraryLinks.get(tokenHash);
    if (!link || link.used || link.expiresAt <= now) return undefined;
    link.used = now;
    this.sessions.set(session.tokenHash, { email: link.email, expiresAt: session.expiresAt });
    return link.email;
  }

  async sessionOf(tokenHash: string, now: Date): Promise<string | undefined> {
    const session = this.sessions.get(tokenHash);
    return session && session.expiresAt > now ? session.email : undefined;
  }

  async end(tokenHash: string): Promise<void> {
    this.sessions.delete(tokenHash);
  }

  async offer(link: LibraryLink, mail: OutgoingMail): Promise<void> {
    const guest = [...this.orders.orders.values()].some((o) => o.userId === undefined && o.buyerEmail === link.email);
    if (!guest) return;
    this.orders.keepLibraryLink(link);
    this.orders.queue({ id: `library-link:${link.tokenHash}`, mail: { ...mail, to: link.email } });
  }
}
