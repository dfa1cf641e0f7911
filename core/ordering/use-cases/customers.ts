import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { entryOf } from '../../audit/domain/audit';
import { ResetTokens } from '../../identity/ports/password-resets';
import { requireAdmin } from '../../identity/domain/rights';
import { User } from '../../identity/domain/user';
import { DomainError, conflict, isDomainError, notFound } from '../../shared/errors';
import { Clock, isId } from '../../shared/ids';
import { languageOf } from '../../shared/language';
import { PageOf, cappedPageOf, countCapOf, paging } from '../../shared/paging';
import { attempt } from '../../shared/task';
import { MAIL, StoreContact, confirmationOf } from '../domain/confirmation';
import { CUSTOMER_NOT_FOUND, NO_GUEST_ORDERS, ONLY_PAID_CONFIRMED, CustomerRef, CustomerSummary, customerRefOf, customerSearchOf } from '../domain/customer';
import { LIBRARY_LINK_LIFETIME_MS } from '../domain/guest-library';
import { libraryLetterOf, libraryLinkOf } from '../domain/library-letter';
import { ORDER_NOT_FOUND, Order, isPaid } from '../domain/order';
import { isGuestOrder } from '../domain/order-access';
import { CustomerDirectory, CustomerDownload } from '../ports/customers';
import { OrderReader, UnitOfWork } from '../ports/orders';


/** How many of a customer's downloads their page shows, newest first. */
export const CUSTOMER_DOWNLOADS = 50;

export interface CustomerPage {
  readonly customer: CustomerSummary;
  readonly orders: readonly Order[];
  readonly downloads: readonly CustomerDownload[];
}

/**
 * The back office's customers (issue 21): accounts and guests with their figures, a customer's
 * orders and downloads, and sending a confirmation or a guest's library link again (through the
 * outbox, in the unit of work that writes its audit entry). Admins only, checked here.
 */
export class Customers {
  constructor(
    private readonly directory: CustomerDirectory,
    private readonly orders: OrderReader,
    private readonly work: UnitOfWork,
    private readonly tokens: ResetTokens,
    private readonly clock: Clock,
    private readonly contact: StoreContact,
  ) {}

  list(user: User | undefined, search: string | undefined, page: number, limit: number): TE.TaskEither<DomainError, PageOf<CustomerSummary> & { readonly more: boolean }> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const text = customerSearchOf(search);
      if (E.isLeft(text)) return text.left;
      const p = paging(page, limit);
      if (E.isLeft(p)) return p.left;
      const cap = countCapOf(text.right);
      const { items, total } = await this.directory.list(text.right, p.right, cap);
      return cappedPageOf(items, total, p.right, cap);
    });
  }

  /** `key`: an account id or a guest's address, as the customers list links them. */
  customer(user: User | undefined, key: string): TE.TaskEither<DomainError, CustomerPage> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const ref = customerRefOf(key);
      if (E.isLeft(ref)) return ref.left;
      const customer = await this.directory.find(ref.right);
      if (!customer) return notFound(CUSTOMER_NOT_FOUND);
      const orders = await this.ordersOf(ref.right);
      return { customer, orders, downloads: await this.directory.downloadsOf(ref.right, CUSTOMER_DOWNLOADS) };
    });
  }

  /**
   * The paid order's confirmation, written again as checkout writes it (a guest's with a new
   * library link, the old one may be spent), queued under an id of its own so the first stays.
   */
  resendConfirmation(user: User | undefined, orderId: string): TE.TaskEither<DomainError, 'sent'> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      if (!isId(orderId)) return notFound(ORDER_NOT_FOUND);
      const order = await this.orders.findById(orderId);
      if (!order) return notFound(ORDER_NOT_FOUND);
      if (!isPaid(order)) return conflict(ONLY_PAID_CONFIRMED);
      const at = this.clock.now();
      await this.work.run(async (tx) => {
        const link = isGuestOrder(order) ? this.newLink(order.buyerEmail, at) : undefined;
        if (link) await tx.keepLibraryLink(link.kept);
        const letter = confirmationOf(order, this.contact, link && libraryLinkOf(link.token, this.contact, languageOf(order.language)));
        await tx.queueMail(`${MAIL.confirmation(order.id)}-again-${at.getTime()}`, letter);
        await tx.audit(entryOf({ id: admin.id, username: admin.username, at }, 'confirmation-resent', { subject: order.id, detail: { to: order.buyerEmail } }));
      });
      return 'sent';
    });
  }

  /** A new single-use link to a guest's library, in the language of their newest order. */
  resendLibraryLink(user: User | undefined, email: string): TE.TaskEither<DomainError, 'sent'> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const ref = customerRefOf(email);
      if (E.isLeft(ref)) return ref.left;
      if (ref.right.kind !== 'guest') return conflict(NO_GUEST_ORDERS);
      const guest = ref.right.email;
      const [newest] = await this.orders.ofGuest(guest);
      if (!newest) return conflict(NO_GUEST_ORDERS);
      const at = this.clock.now();
      const link = this.newLink(guest, at);
      await this.work.run(async (tx) => {
        await tx.keepLibraryLink(link.kept);
        await tx.queueMail(`library-link-again-${link.kept.tokenHash}`, libraryLetterOf(guest, link.token, this.contact, languageOf(newest.language)));
        await tx.audit(entryOf({ id: admin.id, username: admin.username, at }, 'library-link-resent', { detail: { to: guest } }));
      });
      return 'sent';
    });
  }

  private newLink(email: string, issuedAt: Date) {
    const { token, hash } = this.tokens.issue();
    return { token, kept: { tokenHash: hash, email, issuedAt, expiresAt: new Date(issuedAt.getTime() + LIBRARY_LINK_LIFETIME_MS) } };
  }

  private ordersOf(ref: CustomerRef): Promise<readonly Order[]> {
    return ref.kind === 'account' ? this.orders.ofUser(ref.id) : this.orders.ofGuest(ref.email);
  }
}
