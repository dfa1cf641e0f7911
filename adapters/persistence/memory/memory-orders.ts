import { Id } from '../../../core/shared/ids';
import { Paging, offsetOf } from '../../../core/shared/paging';
import { ProductSecrets } from '../../../core/catalog/domain/product';
import { Order } from '../../../core/ordering/domain/order';
import { OrderCursor, OrderFilter, passes } from '../../../core/ordering/domain/order-filter';
import { OutgoingMail } from '../../../core/ordering/ports/mailer';
import { CustomerOrder, DownloadRecord, NewOrder, OrderReader, OrderWriter, Saved } from '../../../core/ordering/ports/orders';
import { ProviderName } from '../../../core/ordering/ports/payment-gateway';
import { LibraryLink } from '../../../core/ordering/ports/guest-library';
import { money } from '../../../core/shared/money';
import { MemoryAuditLog } from './memory-audit-log';

/** A message queued in a unit of work, as the outbox table holds it. */
export interface QueuedConfirmation {
  readonly id: string;
  readonly mail: OutgoingMail;
  /** When it was queued (the outbox row's created_at). */
  readonly at?: Date;
}

/** The account behind an order, as Customer Orders shows it. */
export type Customer = CustomerOrder['customer'];

export interface BackOffice {
  /** The account of a user id (MemoryUsers.findById fits); the database joins the users table. */
  readonly customerOf?: (userId: Id) => Promise<Customer | undefined>;
  /** Where the unit of work records admin actions; shared with the other twins' writes. */
  readonly audit?: MemoryAuditLog;
}

/**
 * The in-memory twin of KnexOrders, held to the same contract. `save` checks the version and
 * writes with no await in between, which is what the database's conditional update gives the real
 * adapter; MemoryUnitOfWork undoes a unit that throws.
 */
export class MemoryOrders implements OrderReader, OrderWriter {
  orders = new Map<string, Order>();
  downloads: DownloadRecord[] = [];
  /** Guests' library links by token hash (MemoryGuestLibrary reads them; a paid order's unit writes them). */
  libraryLinks = new Map<string, LibraryLink & { used?: Date }>();
  readonly queued: QueuedConfirmation[] = [];
  /** When each order was first paid and delivered, as the database's paid_at and delivered_at. */
  moments = new Map<string, { paidAt?: string; deliveredAt?: string }>();

  readonly audit: MemoryAuditLog;
  private readonly customerOf: (userId: Id) => Promise<Customer | undefined>;

  /**
   * @param secretsOfProduct a product's link and password, also once it left the catalogue.
   * @param queue where units of work put their e-mails (an in-memory outbox); kept in `queued` by default.
   * @param backOffice the accounts Customer Orders names, and the audit log admin actions go to.
   */
  constructor(
    private readonly secretsOfProduct: (productId: string) => Promise<ProductSecrets | undefined>,
    readonly queue: (mail: QueuedConfirmation) => void = (c) => {
      if (!this.queued.some((q) => q.id === c.id)) this.queued.push(c);
    },
    backOffice: BackOffice = {},
  ) {
    this.audit = backOffice.audit ?? new MemoryAuditLog();
    this.customerOf = backOffice.customerOf ?? (async () => undefined);
  }

  async add(order: NewOrder): Promise<Order> {
    if (this.orders.has(order.id)) throw new Error(`duplicate order id ${order.id}`);
    if (new Set(order.lines.map((l) => l.productId)).size !== order.lines.length) throw new Error('a product twice in one order');
    // Only what a new order holds, as the database row would, whatever else the object carries.
    const { id, userId, buyerName, buyerEmail, language, method, paymentMethod, currency, total, lines, coupon, createdAt } = order;
    const added: Order = {
      ...{ id, ...(userId === undefined ? {} : { userId }), buyerName, buyerEmail, ...(language === undefined ? {} : { language }) },
      ...{ method, paymentMethod, currency, total, lines, ...(coupon ? { coupon } : {}), createdAt },
      ...{ status: 'pending', delivered: false, refunded: money(0, currency), version: 0 },
    };
    this.orders.set(order.id, added);
    return added;
  }

  async save(order: Order): Promise<Saved> {
    const stored = this.orders.get(order.id);
    if (!stored || stored.version !== order.version - 1) return 'stale';
    const taken = order.paymentId !== undefined && [...this.orders.values()].some((o) => o.id !== order.id && o.paymentId === order.paymentId);
    if (taken) return 'payment-taken';
    // What the row keeps: the order's own fields, its lines as sold plus their refunded mark.
    const lines = stored.lines.map((line) => (order.lines.find((l) => l.productId === line.productId)?.refunded ? { ...line, refunded: true } : line));
    this.orders.set(order.id, { ...order, lines });
    const kept = this.moments.get(order.id) ?? {};
    const now = new Date().toISOString();
    this.moments.set(order.id, {
      ...kept,
      ...(order.status === 'paid' && !kept.paidAt ? { paidAt: now } : {}),
      ...(order.delivered && !kept.deliveredAt ? { deliveredAt: now } : {}),
    });
    return 'saved';
  }

  async findById(id: string) {
    return this.orders.get(id);
  }

  async findByReference(provider: ProviderName, reference: string) {
    return [...this.orders.values()].find((o) => o.method === provider && o.reference === reference);
  }

  async findByPaymentId(provider: ProviderName, paymentId: string) {
    return [...this.orders.values()].find((o) => o.method === provider && o.paymentId === paymentId);
  }

  async ofUser(userId: string) {
    return [...this.orders.values()].filter((o) => o.userId === userId).sort(newestFirst);
  }

  async ofGuest(email: string) {
    return [...this.orders.values()].filter((o) => o.userId === undefined && o.buyerEmail === email).sort(newestFirst);
  }

  async attachGuestOrders(email: string, userId: string) {
    const guests = (await this.ofGuest(email)).reverse();
    for (const order of guests) this.orders.set(order.id, { ...order, userId });
    return guests.map((order) => order.id);
  }

  keepLibraryLink(link: LibraryLink) {
    if (this.libraryLinks.has(link.tokenHash)) throw new Error('library link kept twice');
    this.libraryLinks.set(link.tokenHash, { ...link });
  }

  async unsettled(before: Date, limit: number) {
    return [...this.orders.values()]
      .filter((o) => o.status === 'pending' && o.reference !== undefined && Date.parse(o.createdAt) < before.getTime())
      .sort((a, b) => -newestFirst(a, b))
      .slice(0, limit);
  }

  async expiring(before: Date, limit: number) {
    const expiresAt = (o: Order) => o.payAt?.expiresAt ?? '';
    return [...this.orders.values()]
      .filter((o) => o.status === 'pending' && o.payAt?.expiresAt !== undefined && expiresAt(o) < before.toISOString())
      .sort((a, b) => expiresAt(a).localeCompare(expiresAt(b)) || a.id.localeCompare(b.id))
      .slice(0, limit);
  }

  async secretsOf(orderId: string, productId: string) {
    const inOrder = this.orders.get(orderId)?.lines.some((l) => l.productId === productId);
    return inOrder ? this.secretsOfProduct(productId) : undefined;
  }

  async recordDownload(download: DownloadRecord) {
    const order = this.orders.get(download.orderId);
    if (!order?.lines.some((l) => l.productId === download.productId)) throw new Error('no such product in the order');
    this.downloads.push(download);
  }

  async all(paging: Paging) {
    const page = [...this.orders.values()].sort(newestFirst).slice(offsetOf(paging), offsetOf(paging) + paging.limit);
    return { items: await this.withCustomers(page), total: this.orders.size };
  }

  async search(filter: OrderFilter, paging: Paging, countCap: number) {
    const found = [...this.orders.values()].filter((order) => passes(filter, order)).sort(newestFirst);
    const page = found.slice(offsetOf(paging), offsetOf(paging) + paging.limit);
    return { items: await this.withCustomers(page), total: Math.min(found.length, countCap + 1) };
  }

  async searchAfter(filter: OrderFilter, after: OrderCursor | undefined, limit: number) {
    const later = (o: Order) => !after || o.createdAt < after.createdAt || (o.createdAt === after.createdAt && o.id < after.id);
    const found = [...this.orders.values()].filter((order) => passes(filter, order) && later(order)).sort(newestFirst);
    return this.withCustomers(found.slice(0, limit));
  }

  private async withCustomers(page: readonly Order[]): Promise<CustomerOrder[]> {
    return Promise.all(
      page.map(async (order): Promise<CustomerOrder> => {
        // A guest's order is listed under the address it was bought with.
        if (order.userId === undefined) return { ...order, customer: { username: '', email: order.buyerEmail } };
        const customer = await this.customerOf(order.userId);
        // The database's foreign key makes an order without its account impossible.
        if (!customer) throw new Error(`order ${order.id} of an unknown account ${order.userId}`);
        return { ...order, customer: { username: customer.username, email: customer.email } };
      }),
    );
  }

  /** Puts everything back as it is now, when called (MemoryUnitOfWork undoes a unit that throws). */
  checkpoint(): () => void {
    const orders = new Map(this.orders);
    const moments = new Map(this.moments);
    const links = new Map(this.libraryLinks);
    const downloads = [...this.downloads];
    const queued = this.queued.length;
    return () => {
      this.orders = orders;
      this.moments = moments;
      this.libraryLinks = links;
      this.downloads = downloads;
      this.queued.splice(queued);
    };
  }
}

const newestFirst = (a: Order, b: Order) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
