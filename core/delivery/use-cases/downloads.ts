import * as TE from 'fp-ts/TaskEither';
import { entryOf } from '../../audit/domain/audit';
import { requireAdmin } from '../../identity/domain/rights';
import { NOT_SIGNED_IN, User } from '../../identity/domain/user';
import { ORDER_NOT_FOUND, Order, OrderLine, canDownload, isPaid } from '../../ordering/domain/order';
import { OrderHolder } from '../../ordering/domain/order-access';
import { OrderReader } from '../../ordering/ports/orders';
import { DomainError, conflict, gone, invalid, isDomainError, notFound, unauthorized } from '../../shared/errors';
import { Jobs } from '../../shared/jobs';
import { Clock, Id, isId } from '../../shared/ids';
import { attempt } from '../../shared/task';
import {
  DOWNLOAD_NOT_FOUND,
  DownloadHolder,
  LINE_REFUNDED,
  LINK_LIFE_MINUTES,
  LoggedDownload,
  READ_LINK_LIFE_MINUTES,
  ServePurpose,
  ServedPart,
  capReached,
  completesDownload,
  isLogged,
  downloaderOf,
  keyToServe,
  mayDownload,
  withinCap,
} from '../domain/downloads';
import { ONLY_PDF_READS } from '../domain/reading';
import { ProductFile } from '../domain/product-file';
import { COPY_BEING_PREPARED, STAMP_COPIES, isStamped } from '../domain/stamped-copy';
import { StampedCopies } from '../ports/stamped-copies';
import { ByteRange, FileContent, FileKey, FileStorage } from '../ports/file-storage';
import { DownloadLog } from '../ports/download-log';
import { ProductFiles } from '../ports/product-files';

/** A line's files as its buyer's Orders section lists them. */
export interface LineFiles {
  /** Each with whether the buyer's own copy is still being made (a PDF or EPUB just paid for). */
  readonly files: readonly (ProductFile & { readonly preparing: boolean })[];
  readonly used: number;
  readonly limit: number;
}

/** A file opened for one response: its facts, its bytes (a range of them), and how to log the response. */
export interface OpenedFile {
  readonly file: ProductFile;
  readonly size: number;
  read(range?: ByteRange): Promise<FileContent | undefined>;
  /** Logs the response once it finished or was cut; counts it when it completed the file. */
  served(part: ServedPart): Promise<void>;
}

/** What the admin sees under an order in Customer Orders: each line's delivery and the log. */
export interface OrderDeliveries {
  readonly lines: readonly { readonly productId: Id; readonly title: string; readonly files: number; readonly link: boolean; readonly used: number; readonly limit: number }[];
  readonly downloads: readonly LoggedDownload[];
}

export const lineKey = (orderId: Id, productId: Id) => `${orderId}/${productId}`;

/**
 * Downloads per buyer (issue 19): a fresh link per click, files served in parts so a download
 * resumes, a cap on completed downloads per line, and the log the admin reads and resets.
 */
export class Downloads {
  constructor(
    private readonly orders: OrderReader,
    private readonly files: ProductFiles,
    private readonly log: DownloadLog,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly contact: { readonly supportAddress: string },
    /** The buyers' stamped copies, and the queue that makes a missing one; without them files are served as uploaded. */
    private readonly stamping?: { readonly copies: StampedCopies; readonly jobs: Jobs },
  ) {}

  /**
   * The files of each line the holder may download now, keyed by `lineKey(orderId, productId)`: an
   * account's orders for the profile, a library's guest orders for the library page.
   */
  async library(holder: DownloadHolder): Promise<ReadonlyMap<string, LineFiles>> {
    const orders = holder.kind === 'account' ? await this.orders.ofUser(holder.userId) : await this.orders.ofGuest(holder.email);
    const lines = orders.flatMap((order) => (mayDownload(holder, order) ? order.lines.filter((line) => canDownload(order, line)).map((line) => ({ order, line })) : []));
    const files = await this.files.ofProducts([...new Set(lines.map(({ line }) => line.productId))]);
    const copies = (await this.stamping?.copies.ofOrders([...new Set(lines.map(({ order }) => order.id))])) ?? [];
    const answer = new Map<string, LineFiles>();
    for (const { order, line } of lines) {
      const own = files
        .filter((f) => f.productId === line.productId)
        .map((f) => ({ ...f, preparing: this.stamping !== undefined && keyToServe(f, copies.find((c) => c.orderId === order.id && c.fileId === f.id)) === undefined }));
      if (own.length === 0) continue;
      const [used, limit] = await Promise.all([this.log.completed(order.id, line.productId), this.files.downloadsPerBuyer(line.productId)]);
      answer.set(lineKey(order.id, line.productId), { files: own, used, limit });
    }
    return answer;
  }

  /**
   * Whether one of the request's holders (its account, its library session) may download or read
   * this file now: the same checks a link's request meets, before it is made. Answers the holder the
   * link is to be signed for, and until when it works.
   */
  ask(
    holders: readonly OrderHolder[],
    orderId: string,
    productId: string,
    fileId: string,
    purpose: ServePurpose = 'download',
  ): TE.TaskEither<DomainError, { file: ProductFile; holder: DownloadHolder; expiresAt: Date }> {
    return attempt(async () => {
      const found = await this.reachFor(holders, orderId, productId, fileId, purpose);
      if (isDomainError(found)) return found;
      const { holder } = found;
      const minutes = purpose === 'read' ? READ_LINK_LIFE_MINUTES : LINK_LIFE_MINUTES;
      return { file: found.file, holder, expiresAt: new Date(this.clock.now().getTime() + minutes * 60_000) };
    });
  }

  /**
   * Opens the file for one response of a link whose signature (for this holder and purpose) and time
   * the edge checked. A read is logged as one and never counts toward the cap.
   */
  open(holder: DownloadHolder, orderId: string, productId: string, fileId: string, address: string, purpose: ServePurpose = 'download'): TE.TaskEither<DomainError, OpenedFile> {
    return attempt(async () => {
      const order = isId(orderId) ? await this.orders.findById(orderId) : undefined;
      const found = await this.reach(holder, order, productId, fileId, purpose);
      if (isDomainError(found)) return found;
      const { line, file, key } = found;
      const stored = await this.storage.stat(key);
      if (!stored) return notFound(DOWNLOAD_NOT_FOUND);
      return {
        file,
        size: stored.size,
        read: (range) => this.storage.read(key, range),
        served: async (part) => {
          const completed = completesDownload(part);
          if (!isLogged(completed, completed ? 0 : await this.log.partials(found.order.id, line.productId))) return;
          await this.log.record({
            orderId: found.order.id,
            productId: line.productId,
            fileId: file.id,
            holder,
            purpose,
            at: this.clock.now(),
            address,
            bytes: part.bytesSent,
            completed,
          });
        },
      };
    });
  }

  /** The order and file one of the request's holders reaches, and which holder: the checks of `ask`. */
  async reachFor(holders: readonly OrderHolder[], orderId: string, productId: string, fileId: string, purpose: ServePurpose): Promise<{ holder: DownloadHolder; order: Order; file: ProductFile } | DomainError> {
    if (holders.length === 0) return unauthorized(NOT_SIGNED_IN);
    const order = isId(orderId) ? await this.orders.findById(orderId) : undefined;
    const holder = order && downloaderOf(holders, order);
    if (!holder) return notFound(DOWNLOAD_NOT_FOUND);
    const found = await this.reach(holder, order, productId, fileId, purpose);
    return isDomainError(found) ? found : { holder, order: found.order, file: found.file };
  }

  /** The admin's view of an order's deliveries (Customer Orders), also to confirm 'Mark as Delivered'. */
  ofOrder(user: User | undefined, orderId: string): TE.TaskEither<DomainError, OrderDeliveries> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const order = isId(orderId) ? await this.orders.findById(orderId) : undefined;
      if (!order) return notFound(ORDER_NOT_FOUND);
      const files = await this.files.ofProducts(order.lines.map((l) => l.productId));
      const lines = await Promise.all(
        order.lines.map(async (line) => ({
          productId: line.productId,
          title: line.title,
          files: files.filter((f) => f.productId === line.productId).length,
          link: Boolean((await this.orders.secretsOf(order.id, line.productId))?.producturl.trim()),
          used: await this.log.completed(order.id, line.productId),
          limit: await this.files.downloadsPerBuyer(line.productId),
        })),
      );
      return { lines, downloads: await this.log.ofOrder(order.id) };
    });
  }

  /** The admin gives a line its downloads back; the log keeps every entry, marked as no longer counting. */
  reset(user: User | undefined, orderId: string, productId: string): TE.TaskEither<DomainError, number> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const order = isId(orderId) ? await this.orders.findById(orderId) : undefined;
      if (!order?.lines.some((l) => l.productId === productId)) return notFound(ORDER_NOT_FOUND);
      const by = { id: admin.id, username: admin.username, at: this.clock.now() };
      const before = await this.log.completed(order.id, productId);
      return this.log.reset(order.id, productId, entryOf(by, 'downloads-reset', { subject: order.id, detail: { productId, completed: before } }));
    });
  }

  /**
   * The order, line and file a holder reaches, or why not: another's order, an unpaid or
   * undelivered one and a file not in the line are the same 404 (nothing tells an order exists);
   * a refunded line and a line past its cap are 410 with what happened. Reading skips the cap and
   * takes PDF files only.
   */
  private async reach(holder: DownloadHolder, order: Order | undefined, productId: string, fileId: string, purpose: ServePurpose) {
    const line: OrderLine | undefined = order?.lines.find((l) => l.productId === productId);
    if (!order || !line || !mayDownload(holder, order)) return notFound(DOWNLOAD_NOT_FOUND);
    if (line.refunded || order.status === 'refunded') return gone(LINE_REFUNDED);
    if (!isPaid(order) || !canDownload(order, line)) return notFound(DOWNLOAD_NOT_FOUND);
    const file = isId(fileId) ? await this.files.find(fileId) : undefined;
    if (!file || file.productId !== line.productId) return notFound(DOWNLOAD_NOT_FOUND);
    if (purpose === 'read' && file.kind !== 'pdf') return invalid(ONLY_PDF_READS);
    if (purpose === 'download') {
      const limit = await this.files.downloadsPerBuyer(line.productId);
      if (!withinCap(await this.log.completed(order.id, line.productId), limit)) return gone(capReached(limit, this.contact.supportAddress));
    }
    const key = await this.keyFor(order, file);
    return key === undefined ? conflict(COPY_BEING_PREPARED) : { order, line, file, key };
  }

  /**
   * The stored file this buyer gets (keyToServe), or undefined while their copy is being made. A
   * copy missing after its job gave up (or a file added after payment) is queued again here: the
   * queue keeps one job waiting per order, so clicks add nothing.
   */
  private async keyFor(order: Order, file: ProductFile): Promise<FileKey | undefined> {
    if (!this.stamping || !isStamped(file)) return file.key;
    const copy = (await this.stamping.copies.ofOrders([order.id])).find((c) => c.fileId === file.id);
    const key = keyToServe(file, copy);
    if (key === undefined) await this.stamping.jobs.enqueue(STAMP_COPIES, { orderId: order.id }, { key: order.id });
    return key;
  }
}
