import { AuditEntry } from '../../../core/audit/domain/audit';
import { DEFAULT_DOWNLOADS_PER_BUYER, DownloadEntry, LoggedDownload } from '../../../core/delivery/domain/downloads';
import { ProductFile } from '../../../core/delivery/domain/product-file';
import { DownloadLog } from '../../../core/delivery/ports/download-log';
import { ProductFiles } from '../../../core/delivery/ports/product-files';
import { Id } from '../../../core/shared/ids';
import { MemoryAuditLog } from './memory-audit-log';

/** The in-memory twin of KnexProductFiles; the same contract suite holds both. */
export class MemoryProductFiles implements ProductFiles {
  private readonly files: ProductFile[] = [];
  private readonly limits = new Map<Id, number>();

  constructor(private readonly audit: MemoryAuditLog = new MemoryAuditLog()) {}

  async add(file: ProductFile, entry: AuditEntry): Promise<void> {
    if (this.files.some((f) => f.id === file.id || f.key === file.key)) throw new Error(`File ${file.id} is kept already`);
    this.files.push({ ...file });
    this.audit.record(entry);
  }

  async ofProduct(productId: Id): Promise<readonly ProductFile[]> {
    return this.ofProducts([productId]);
  }

  async ofProducts(productIds: readonly Id[]): Promise<readonly ProductFile[]> {
    return this.files
      .filter((f) => productIds.includes(f.productId))
      .sort((a, b) => a.uploadedAt.localeCompare(b.uploadedAt) || a.id.localeCompare(b.id))
      .map((f) => ({ ...f }));
  }

  async find(fileId: Id): Promise<ProductFile | undefined> {
    const file = this.files.find((f) => f.id === fileId);
    return file && { ...file };
  }

  async remove(fileId: Id, entry: AuditEntry): Promise<ProductFile | undefined> {
    const at = this.files.findIndex((f) => f.id === fileId);
    if (at < 0) return undefined;
    const [removed] = this.files.splice(at, 1);
    this.audit.record(entry);
    return removed;
  }

  async downloadsPerBuyer(productId: Id): Promise<number> {
    return this.limits.get(productId) ?? DEFAULT_DOWNLOADS_PER_BUYER;
  }

  async setDownloadsPerBuyer(productId: Id, limit: number, entry: AuditEntry): Promise<void> {
    this.limits.set(productId, limit);
    this.audit.record(entry);
  }
}

/** The in-memory twin of KnexDownloadLog. */
export class MemoryDownloadLog implements DownloadLog {
  /** Oldest first, as written (read by MemoryRetention, as the database's table). */
  readonly entries: { entry: LoggedDownload }[] = [];

  constructor(private readonly audit: MemoryAuditLog = new MemoryAuditLog()) {}

  async record(entry: DownloadEntry): Promise<void> {
    this.entries.push({ entry: { ...entry, at: new Date(entry.at), counted: true } });
  }

  async completed(orderId: Id, productId: Id): Promise<number> {
    return this.entries.filter(({ entry: e }) => e.orderId === orderId && e.productId === productId && e.purpose === 'download' && e.completed && e.counted).length;
  }

  async partials(orderId: Id, productId: Id): Promise<number> {
    return this.entries.filter(({ entry: e }) => e.orderId === orderId && e.productId === productId && !e.completed).length;
  }

  async ofOrder(orderId: Id): Promise<readonly LoggedDownload[]> {
    return this.entries
      .map(({ entry }, order) => ({ entry, order }))
      .filter(({ entry }) => entry.orderId === orderId)
      .sort((a, b) => b.entry.at.getTime() - a.entry.at.getTime() || b.order - a.order)
      .map(({ entry }) => ({ ...entry, at: new Date(entry.at) }));
  }

  async reset(orderId: Id, productId: Id, entry: AuditEntry): Promise<number> {
    let stopped = 0;
    for (const kept of this.entries) {
      const e = kept.entry;
      if (e.orderId === orderId && e.productId === productId && e.purpose === 'download' && e.completed && e.counted) {
        kept.entry = { ...e, counted: false };
        stopped++;
      }
    }
    this.audit.record(entry);
    return stopped;
  }
}
