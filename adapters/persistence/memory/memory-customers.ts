import { CustomerRef, CustomerSummary, spentOf } from '../../../core/ordering/domain/customer';
import { Order } from '../../../core/ordering/domain/order';
import { CustomerDirectory, CustomerDownload } from '../../../core/ordering/ports/customers';
import { Paging, offsetOf } from '../../../core/shared/paging';
import { MemoryOrders } from './memory-orders';
import { MemoryDownloadLog } from './memory-product-files';

/** An account as the customers list sees it (MemoryUsers' entries fit). */
export interface CustomerAccount {
  readonly id: string;
  readonly username: string;
  readonly email: string;
  readonly role: 'User' | 'Admin';
}

/** The in-memory twin of KnexCustomers, computed from the other twins each time. */
export class MemoryCustomers implements CustomerDirectory {
  constructor(
    private readonly accounts: () => Iterable<CustomerAccount>,
    private readonly orders: MemoryOrders,
    private readonly fileDownloads: MemoryDownloadLog = new MemoryDownloadLog(),
  ) {}

  private ordersOf(ref: CustomerRef): Order[] {
    return [...this.orders.orders.values()].filter((o) => (ref.kind === 'account' ? o.userId === ref.id : o.userId === undefined && o.buyerEmail === ref.email));
  }

  private summary(ref: CustomerRef, name: string, email: string): CustomerSummary {
    const orders = this.ordersOf(ref);
    const last = orders.map((o) => o.createdAt).sort().at(-1);
    return { ref, name, email, orders: orders.length, spent: spentOf(orders), ...(last ? { lastOrderAt: last } : {}) };
  }

  private all(): CustomerSummary[] {
    const accounts = [...this.accounts()].filter((a) => a.role === 'User').map((a) => this.summary({ kind: 'account', id: a.id }, a.username, a.email));
    const guestEmails = new Set([...this.orders.orders.values()].filter((o) => o.userId === undefined).map((o) => o.buyerEmail));
    const guests = [...guestEmails].map((email) => this.summary({ kind: 'guest', email }, '', email));
    const key = (c: CustomerSummary) => c.email.toLowerCase();
    // As the database orders them: by address, an account before a guest of the same address.
    return [...accounts, ...guests].sort((a, b) => key(a).localeCompare(key(b)) || a.ref.kind.localeCompare(b.ref.kind));
  }

  async list(search: string | undefined, paging: Paging, countCap: number) {
    const found = this.all().filter((c) => search === undefined || c.name.toLowerCase().includes(search) || c.email.toLowerCase().includes(search));
    return { items: found.slice(offsetOf(paging), offsetOf(paging) + paging.limit), total: Math.min(found.length, countCap + 1) };
  }

  async find(ref: CustomerRef) {
    return this.all().find((c) => (ref.kind === 'account' ? c.ref.kind === 'account' && c.ref.id === ref.id : c.ref.kind === 'guest' && c.email === ref.email));
  }

  async downloadsOf(ref: CustomerRef, limit: number): Promise<readonly CustomerDownload[]> {
    const orders = new Map(this.ordersOf(ref).map((o) => [o.id, o]));
    const titleOf = (orderId: string, productId: string) => orders.get(orderId)?.lines.find((l) => l.productId === productId)?.title ?? '';
    const links = this.orders.downloads
      .filter((d) => orders.has(d.orderId))
      .map((d): CustomerDownload => ({ orderId: d.orderId, productId: d.productId, title: titleOf(d.orderId, d.productId), at: d.at.toISOString(), purpose: 'link' }));
    const files = this.fileDownloads.entries
      .map(({ entry }) => entry)
      .filter((e) => orders.has(e.orderId) && e.completed)
      .map((e): CustomerDownload => ({ orderId: e.orderId, productId: e.productId, title: titleOf(e.orderId, e.productId), at: e.at.toISOString(), purpose: e.purpose }));
    return [...links, ...files].sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
  }
}
