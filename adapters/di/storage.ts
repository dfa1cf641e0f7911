import path from 'node:path';
import { FileStorage } from '../../core/delivery/ports/file-storage';
import { Readiness } from '../http/routes/health';
import { LocalDiskStorage } from '../storage/local-disk-storage';
import { COVERS, RECEIPTS } from '../storage/stored-images';
import { moveLocalImages } from '../storage/move-local-images';
import { AppConfig } from './config';

export interface ComposedStorage {
  readonly files: FileStorage;
  /** Whether the storage can serve now (S3: its bucket answers); the local disk always can. */
  readiness(): Promise<Readiness>;
  close(): void;
}

/**
 * The file storage the settings name: a test's own, an S3 bucket, or the local disk under
 * `dataDir/files`. The AWS SDK is loaded only for a bucket (a fifth of a second and 10 MB otherwise spent).
 */
export const composeStorage = async (config: Pick<AppConfig, 'storage' | 'fileStorage'>, dataDir: string): Promise<ComposedStorage> => {
  if (config.fileStorage) return { files: config.fileStorage, readiness: async () => ({ ready: true }), close: () => {} };
  if (config.storage?.kind === 's3') {
    const { S3Storage } = await import('../storage/s3-storage');
    const s3 = new S3Storage(config.storage.s3);
    return { files: s3, readiness: () => s3.readiness(), close: () => s3.close() };
  }
  return { files: new LocalDiskStorage(path.join(dataDir, 'files')), readiness: async () => ({ ready: true }), close: () => {} };
};

/**
 * Covers and receipts of a store that kept them in DATA_DIR/uploads and DATA_DIR/receipts are moved
 * into the file storage at start. A storage that cannot take them now leaves them where they are, for
 * the next start, and says so: the store still starts.
 */
export const moveImagesOnDisk = async (dataDir: string, files: FileStorage, log: { info(message: string): void; warn(message: string): void }) => {
  for (const [folder, shelf] of [['uploads', COVERS], ['receipts', RECEIPTS]] as const) {
    try {
      const moved = await moveLocalImages(path.join(dataDir, folder), shelf, files);
      if (moved) log.info(`Moved ${moved} image${moved === 1 ? '' : 's'} from ${path.join(dataDir, folder)} into the file storage (${shelf.folder}/)`);
    } catch (error) {
      log.warn(`Images in ${path.join(dataDir, folder)} stay there until the next start: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
};
