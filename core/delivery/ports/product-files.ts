import { AuditEntry } from '../../audit/domain/audit';
import { Id } from '../../shared/ids';
import { ProductFile } from '../domain/product-file';

/**
 * The files each product has, and how many completed downloads its buyers get (PostgreSQL; the
 * bytes are in FileStorage). Each admin change is written with its audit entry, in one transaction.
 */
export interface ProductFiles {
  add(file: ProductFile, entry: AuditEntry): Promise<void>;
  /** A product's files, oldest first. */
  ofProduct(productId: Id): Promise<readonly ProductFile[]>;
  /** The files of several products (an order's lines), oldest first. */
  ofProducts(productIds: readonly Id[]): Promise<readonly ProductFile[]>;
  find(fileId: Id): Promise<ProductFile | undefined>;
  /** Forgets the file's row; the file removed, or undefined when there was none. */
  remove(fileId: Id, entry: AuditEntry): Promise<ProductFile | undefined>;
  /** The product's completed downloads per buyer: DEFAULT_DOWNLOADS_PER_BUYER until set. */
  downloadsPerBuyer(productId: Id): Promise<number>;
  setDownloadsPerBuyer(productId: Id, limit: number, entry: AuditEntry): Promise<void>;
}
