import { Actor, entryOf } from '../../../core/audit/domain/audit';
import { Id } from '../../../core/shared/ids';
import { Paging, offsetOf } from '../../../core/shared/paging';
import { ProductSecrets } from '../../../core/catalog/domain/product';
import { Order } from '../../../core/ordering/domain/order';
import { OutgoingMail } from '../../../core/ordering/ports/mailer';
import { CustomerOrder, DownloadRecord, NewOrder, Orders, SettledPayment } from '../../../core/ordering/ports/orders';
import { ProviderName } from '../../../core/ordering/ports/payment-gateway';
import { MemoryAuditLog } from './memory-audit-log';

/** A message queued by markPaid or markDelivered, as the outbox table holds it. */
export interface QueuedConfirmation {
  readonly id: string;
  readonly mail: OutgoingMail;
}

/** The account behind an order, as Customer Orders shows it. */
export type Customer = CustomerOrder['customer'];

export interface BackOffice {
  /** The account of a user id (MemoryUsers.findById fits); the database joins the users table. */
  readonly customerOf?: (userId: Id) => Promise<Customer | undefined>;
  /** Where deliveries are recorded; shared with the other twins' writes. */
  readonly audit?: MemoryAuditLog;
}

/**
 * The in-memory twin of KnexOrders, held to the same contract. Each change checks and writes with
 * no await in between, which is what the database's conditional update gives the real adapter.
 */
export class MemoryOrders implements Orders {
  readonly orders = new Map<string, Order>();
  private readonly settledBy = new Map<string, string>();
  readonly downloads: DownloadRecord[] = [];
  readonly queued: QueuedConfirmation[] = [];

  readonly audit: MemoryAuditLog;
  private readonly customerOf: (userId: Id) => Promise<Customer | undefined>;

  /**
   * @param secretsOfProduct a product's link and password, also once it left the catalogue.
   * @param queue where markPaid puts the confirmation (an in-memory outbox); kept in `queued` by default.
   * @param backOffice the accounts Customer Orders names, and the audit log deliveries go to.
   */
  constructor(
    private readonly secretsOfProduct: (productId: string) => Promise<ProductSecrets | undefined>,
    private readonly queue: (confirmation: QueuedConfirmation) => void = (c) => this.queued.push(c),
    backOffice: BackOffice = {},
  ) {
    this.audit = backOffice.audit ?? new MemoryAuditLog();
    this.customerOf = backOffice.customerOf ?? (async () => undefined);
  }

  async add(order: NewOrder): Promise<Order> {
    if (this.orders.has(order.id)) throw new Error(`duplicate order id ${order.id}`);
    if (new Set(order.lines.map((l) => l.productId)).size !== order.lines.length) throw new Error('a product twice in one order');
    // Only what a new order holds, as the database row would, whatever else the object carries.
    const { id, userId, buyerName, buyerEmail, method, currency, total, lines, createdAt } = order;
    const added: Order = { id, userId, buyerName, buyerEmail, method, currency, total, lines, createdAt, status: 'pending', delivered: false };
    this.orders.set(order.id, added);
    return added;
  }

  async started(id: string, reference: string): Promise<void> {
    const order = this.orders.get(id);
    if (order?.status === 'pending' && order.reference === undefined) this.orders.set(id, { ...order, reference });
  }

  async findById(id: string) {
    return this.orders.get(id);
  }

  async findByReference(provider: ProviderName, reference: string) {
    return [...this.orders.values()].find((o) => o.method === provider && o.reference === reference);
  }

  async markPaid(id: string, payment: SettledPayment, confirmation: OutgoingMail): Promise<'paid' | 'unchanged'> {
    const order = this.orders.get(id);
    if (!order || order.status === 'paid' || this.settledBy.has(payment.paymentId)) return 'unchanged';
    this.settledBy.set(payment.paymentId, id);
    this.orders.set(id, { ...order, status: 'paid', paymentId: payment.paymentId, delivered: order.delivered || payment.delivered });
    this.queue({ id: `order-paid-${id}`, mail: confirmation });
    return 'paid';
  }

  async markFailed(id: string): Promise<'failed' | 'unchanged'> {
    const order = this.orders.get(id);
    if (order?.status !== 'pending') return 'unchanged';
    this.orders.set(id, { ...order, status: 'failed' });
    return 'failed';
  }

  async ofUser(userId: string) {
    return [...this.orders.values()].filter((o) => o.userId === userId).sort(newestFirst);
  }

  async unsettled(before: Date, limit: number) {
    return [...this.orders.values()]
      .filter((o) => o.status === 'pending' && o.reference !== undefined && Date.parse(o.createdAt) < before.getTime())
      .sort((a, b) => -newestFirst(a, b))
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
    const items = await Promise.all(
      page.map(async (order): Promise<CustomerOrder> => {
        const customer = await this.customerOf(order.userId);
        // The database's foreign key makes an order without its account impossible.
        if (!customer) throw new Error(`order ${order.id} of an unknown account ${order.userId}`);
        return { ...order, customer: { username: customer.username, email: customer.email } };
      }),
    );
    return { items, total: this.orders.size };
  }

  async markDelivered(id: string, by: Actor, notice: OutgoingMail): Promise<'delivered' | 'unchanged' | 'unpaid' | 'missing'> {
    const order = this.orders.get(id);
    if (!order) return 'missing';
    if (order.delivered) return 'unchanged';
    if (order.status !== 'paid') return 'unpaid';
    this.orders.set(id, { ...order, delivered: true });
    this.audit.record(entryOf(by, 'order-delivered', { subject: id }));
    this.queue({ id: `order-delivered-${id}`, mail: notice });
    return 'delivered';
  }
}

const newestFirst = (a: Order, b: Order) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
