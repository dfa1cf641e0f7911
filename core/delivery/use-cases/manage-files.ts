import * as TE from 'fp-ts/TaskEither';
import { entryOf } from '../../audit/domain/audit';
import { ProductEditor } from '../../catalog/ports/product-editor';
import { requireAdmin } from '../../identity/domain/rights';
import { User } from '../../identity/domain/user';
import { DomainError, PRODUCT_NOT_FOUND, invalid, isDomainError, notFound, tooLarge, unavailable } from '../../shared/errors';
import { Clock, IdGenerator, isId } from '../../shared/ids';
import { attempt } from '../../shared/task';
import { DOWNLOADS_PER_BUYER_RULE, isDownloadsPerBuyer } from '../domain/downloads';
import { contentProblem, needsListing } from '../domain/file-content';
import {
  CONTENT_TYPE_OF,
  FILE_NOT_FOUND,
  FILE_TOO_LARGE,
  MAX_FILES_PER_PRODUCT,
  ProductFile,
  TOO_MANY_FILES,
  cleanFileName,
  productFileKey,
  sizeProblem,
} from '../domain/product-file';
import { FileStorage, StorageUnavailable } from '../ports/file-storage';
import { ProductFiles } from '../ports/product-files';
import { UploadedFile } from '../ports/uploaded-file';

export const STORAGE_DOWN = 'The file storage cannot be reached now: nothing was saved. Please try again in a moment.';

/** Enough of a file's start for every kind's signature (MP4's box type at 4-7, a PDF's header). */
const HEAD_BYTES = 64;

export interface FilesOfProduct {
  readonly files: readonly ProductFile[];
  readonly downloadsPerBuyer: number;
}

/**
 * The product editor's Files section (issue 19): the admin adds a product's files, each checked by
 * its content, removes them, and sets how many completed downloads each buyer gets. An upload that
 * is refused leaves neither a row nor a stored file.
 */
export class ManageProductFiles {
  constructor(
    private readonly files: ProductFiles,
    private readonly storage: FileStorage,
    private readonly products: Pick<ProductEditor, 'forEditing'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  list(user: User | undefined, productId: string): TE.TaskEither<DomainError, FilesOfProduct> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      if (!isId(productId) || !(await this.products.forEditing(productId))) return notFound(PRODUCT_NOT_FOUND);
      return { files: await this.files.ofProduct(productId), downloadsPerBuyer: await this.files.downloadsPerBuyer(productId) };
    });
  }

  /**
   * Whether `user` may add a file to the product now: asked before the edge reads a byte of the
   * upload, so no one but an admin can make the store write a large body to disk.
   */
  mayAdd(user: User | undefined, productId: string): TE.TaskEither<DomainError, true> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      if (!isId(productId) || !(await this.products.forEditing(productId))) return notFound(PRODUCT_NOT_FOUND);
      if ((await this.files.ofProduct(productId)).length >= MAX_FILES_PER_PRODUCT) return invalid(TOO_MANY_FILES);
      return true as const;
    });
  }

  add(user: User | undefined, productId: string, upload: UploadedFile): TE.TaskEither<DomainError, ProductFile> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      if (!isId(productId) || !(await this.products.forEditing(productId))) return notFound(PRODUCT_NOT_FOUND);
      const named = cleanFileName(upload.name);
      if (typeof named === 'string') return invalid(named);
      const size = sizeProblem(upload.size);
      if (size) return size === FILE_TOO_LARGE ? tooLarge(size) : invalid(size);
      if ((await this.files.ofProduct(productId)).length >= MAX_FILES_PER_PRODUCT) return invalid(TOO_MANY_FILES);
      const head = await upload.head(HEAD_BYTES);
      const problem = contentProblem(named.kind, {
        head,
        size: upload.size,
        ...(needsListing(named.kind) ? { archive: await upload.listing() } : {}),
      });
      if (problem) return invalid(problem);

      const id = this.ids.next();
      const at = this.clock.now();
      const file: ProductFile = { id, productId, name: named.name, kind: named.kind, key: productFileKey(productId, id, named.kind), size: upload.size, uploadedAt: at.toISOString() };
      try {
        await this.storage.put(file.key, upload.content(), { contentType: CONTENT_TYPE_OF[file.kind], visibility: 'private' });
      } catch (error) {
        if (error instanceof StorageUnavailable) return unavailable(STORAGE_DOWN);
        throw error;
      }
      try {
        const by = { id: admin.id, username: admin.username, at };
        await this.files.add(file, entryOf(by, 'product-file-added', { subject: productId, after: { id, name: file.name, kind: file.kind, size: file.size } }));
      } catch (error) {
        // No row, no file: the stored bytes go with the failed write.
        await this.storage.remove(file.key).catch(() => {});
        throw error;
      }
      return file;
    });
  }

  remove(user: User | undefined, productId: string, fileId: string): TE.TaskEither<DomainError, ProductFile> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const file = isId(fileId) ? await this.files.find(fileId) : undefined;
      if (!file || file.productId !== productId) return notFound(FILE_NOT_FOUND);
      const by = { id: admin.id, username: admin.username, at: this.clock.now() };
      const removed = await this.files.remove(fileId, entryOf(by, 'product-file-removed', { subject: productId, before: { id: file.id, name: file.name, kind: file.kind, size: file.size } }));
      if (!removed) return notFound(FILE_NOT_FOUND);
      // After the row: a buyer is never offered a file whose bytes are gone (a leftover file is harmless).
      await this.storage.remove(file.key).catch(() => {});
      return removed;
    });
  }

  setDownloadsPerBuyer(user: User | undefined, productId: string, limit: number): TE.TaskEither<DomainError, number> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      if (!isDownloadsPerBuyer(limit)) return invalid(DOWNLOADS_PER_BUYER_RULE);
      if (!isId(productId) || !(await this.products.forEditing(productId))) return notFound(PRODUCT_NOT_FOUND);
      const before = await this.files.downloadsPerBuyer(productId);
      const by = { id: admin.id, username: admin.username, at: this.clock.now() };
      await this.files.setDownloadsPerBuyer(productId, limit, entryOf(by, 'downloads-per-buyer-set', { subject: productId, before, after: limit }));
      return limit;
    });
  }
}
