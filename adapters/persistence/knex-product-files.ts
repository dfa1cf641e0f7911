import { Knex } from 'knex';
import { AuditEntry } from '../../core/audit/domain/audit';
import { DEFAULT_DOWNLOADS_PER_BUYER, DownloadEntry, DownloadHolder, LoggedDownload, ServePurpose } from '../../core/delivery/domain/downloads';
import { FileKind, ProductFile } from '../../core/delivery/domain/product-file';
import { DownloadLog } from '../../core/delivery/ports/download-log';
import { ProductFiles } from '../../core/delivery/ports/product-files';
import { Id } from '../../core/shared/ids';
import { recordAudit } from './knex-audit-log';
import { toCount } from './product-rows';

interface FileRow {
  id: string;
  product_id: string;
  name: string;
  kind: string;
  key: string;
  size: string | number;
  uploaded_at: Date | string;
}

const toFile = (row: FileRow): ProductFile => ({
  id: row.id,
  productId: row.product_id,
  name: row.name,
  kind: row.kind as FileKind,
  key: row.key,
  size: Number(row.size),
  uploadedAt: new Date(row.uploaded_at).toISOString(),
});

/** Products' files and their downloads per buyer in PostgreSQL (or PGlite). */
export class KnexProductFiles implements ProductFiles {
  constructor(private readonly db: Knex) {}

  async add(file: ProductFile, entry: AuditEntry): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx('product_files').insert({ id: file.id, product_id: file.productId, name: file.name, kind: file.kind, key: file.key, size: file.size, uploaded_at: file.uploadedAt });
      await recordAudit(tx, entry);
    });
  }

  async ofProduct(productId: Id): Promise<readonly ProductFile[]> {
    return this.ofProducts([productId]);
  }

  async ofProducts(productIds: readonly Id[]): Promise<readonly ProductFile[]> {
    if (productIds.length === 0) return [];
    const rows: FileRow[] = await this.db('product_files').whereIn('product_id', [...productIds]).orderBy([{ column: 'uploaded_at' }, { column: 'id' }]);
    return rows.map(toFile);
  }

  async find(fileId: Id): Promise<ProductFile | undefined> {
    const row: FileRow | undefined = await this.db('product_files').where('id', fileId).first();
    return row && toFile(row);
  }

  async remove(fileId: Id, entry: AuditEntry): Promise<ProductFile | undefined> {
    return this.db.transaction(async (tx) => {
      const [row]: FileRow[] = await tx('product_files').where('id', fileId).delete().returning('*');
      if (!row) return undefined;
      await recordAudit(tx, entry);
      return toFile(row);
    });
  }

  async downloadsPerBuyer(productId: Id): Promise<number> {
    const row: { downloads_per_buyer: number } | undefined = await this.db('product_delivery').where('product_id', productId).first('downloads_per_buyer');
    return row?.downloads_per_buyer ?? DEFAULT_DOWNLOADS_PER_BUYER;
  }

  async setDownloadsPerBuyer(productId: Id, limit: number, entry: AuditEntry): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx('product_delivery').insert({ product_id: productId, downloads_per_buyer: limit }).onConflict('product_id').merge();
      await recordAudit(tx, entry);
    });
  }
}

interface DownloadRow {
  order_id: string;
  product_id: string;
  file_id: string;
  user_id: string | null;
  guest_email: string | null;
  purpose: string;
  at: Date | string;
  address: string;
  bytes: string | number;
  completed: boolean;
  counted: boolean;
}

const holderOf = (row: DownloadRow): DownloadHolder =>
  row.user_id !== null ? { kind: 'account', userId: row.user_id } : { kind: 'library', email: row.guest_email ?? '' };

/** The download log in PostgreSQL (or PGlite). */
export class KnexDownloadLog implements DownloadLog {
  constructor(private readonly db: Knex) {}

  async record(entry: DownloadEntry): Promise<void> {
    await this.db('file_downloads').insert({
      order_id: entry.orderId,
      product_id: entry.productId,
      file_id: entry.fileId,
      user_id: entry.holder.kind === 'account' ? entry.holder.userId : null,
      guest_email: entry.holder.kind === 'library' ? entry.holder.email : null,
      purpose: entry.purpose,
      at: entry.at,
      address: entry.address,
      bytes: entry.bytes,
      completed: entry.completed,
    });
  }

  async completed(orderId: Id, productId: Id): Promise<number> {
    const [row] = await this.db('file_downloads')
      .where({ order_id: orderId, product_id: productId, completed: true, counted: true, purpose: 'download' })
      .count<{ count: string | number }[]>({ count: '*' });
    return toCount(row?.count);
  }

  async partials(orderId: Id, productId: Id): Promise<number> {
    const [row] = await this.db('file_downloads')
      .where({ order_id: orderId, product_id: productId, completed: false })
      .count<{ count: string | number }[]>({ count: '*' });
    return toCount(row?.count);
  }

  async ofOrder(orderId: Id): Promise<readonly LoggedDownload[]> {
    const rows: DownloadRow[] = await this.db('file_downloads').where('order_id', orderId).orderBy([{ column: 'at', order: 'desc' }, { column: 'id', order: 'desc' }]);
    return rows.map((row) => ({
      orderId: row.order_id,
      productId: row.product_id,
      fileId: row.file_id,
      holder: holderOf(row),
      purpose: row.purpose as ServePurpose,
      at: new Date(row.at),
      address: row.address,
      bytes: Number(row.bytes),
      completed: row.completed,
      counted: row.counted,
    }));
  }

  async reset(orderId: Id, productId: Id, entry: AuditEntry): Promise<number> {
    return this.db.transaction(async (tx) => {
      const stopped = await tx('file_downloads').where({ order_id: orderId, product_id: productId, completed: true, counted: true, purpose: 'download' }).update({ counted: false });
      await recordAudit(tx, entry);
      return stopped;
    });
  }
}
