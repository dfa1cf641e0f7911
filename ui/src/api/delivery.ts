/**
 * Product files and downloads per buyer (issue 19): the editor's Files section, the buyer's fresh
 * links and the admin's download log.
 */
import type { ProductFileData } from '../../../api/delivery';
import type { AnswerOf } from '../../../api/schemas';
import { pathOf } from '../../../api/calls';
import { ApiError, call, failureOf, type Envelope } from './client';
import { messagesReady } from '../i18n/messages';

export type { ProductFileData } from '../../../api/delivery';
export type OrderDownloads = Omit<AnswerOf<'orderDownloads'>, 'success'>;

export const UPLOAD_FAILED = 'The file could not be uploaded. Please try again.';

export const deliveryApi = {
  async productFiles(id: string): Promise<{ files: ProductFileData[]; downloadsPerBuyer: number }> {
    const r = await call('productFiles', { params: { id } });
    return { files: r.files, downloadsPerBuyer: r.downloadsPerBuyer };
  },

  /**
   * Sends the file itself as the body (never a form read whole by the server), telling `progress`
   * the share sent so far; XMLHttpRequest because fetch reports no upload progress.
   */
  uploadFile(id: string, file: File, progress: (share: number) => void): Promise<ProductFileData> {
    // the page's catalogue of messages, in by the time the upload answers (failureOf reads it)
    void messagesReady().catch(() => undefined);
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `/api${pathOf('addProductFile', { id })}?name=${encodeURIComponent(file.name)}`);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Content-Type', 'application/octet-stream');
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.upload.onprogress = (e) => e.lengthComputable && progress(e.loaded / e.total);
      xhr.onerror = () => reject(new ApiError(0, UPLOAD_FAILED, false));
      xhr.onload = () => {
        let body: Envelope & { file?: ProductFileData } = {};
        try {
          body = JSON.parse(xhr.responseText) as typeof body;
        } catch {
          /* not JSON */
        }
        if (xhr.status === 200 && body.success && body.file) return resolve(body.file);
        reject(body.message ? failureOf(xhr.status, body) : new ApiError(xhr.status, UPLOAD_FAILED, false));
      };
      xhr.send(file);
    });
  },

  async removeFile(id: string, fileId: string): Promise<string> {
    return (await call('removeProductFile', { params: { id, fileId } })).message;
  },

  async setDownloadsPerBuyer(id: string, downloadsPerBuyer: number): Promise<number> {
    return (await call('setDownloadsPerBuyer', { params: { id }, body: { downloadsPerBuyer } })).downloadsPerBuyer;
  },

  /** A fresh link for one file of one line, valid minutes: the browser follows it at once. */
  async fileLink(orderId: string, productId: string, fileId: string): Promise<string> {
    return (await call('fileLink', { params: { orderId, productId, fileId } })).url;
  },

  /** The reader's own link to a PDF (range requests, logged as reading, never counted), and the file's name. */
  async readLink(orderId: string, productId: string, fileId: string): Promise<{ url: string; name: string }> {
    const r = await call('readLink', { params: { orderId, productId, fileId } });
    return { url: r.url, name: r.name };
  },

  /** The page the reader reopens on: the last kept on the server, else 1. */
  async readingPage(orderId: string, productId: string, fileId: string): Promise<number> {
    return (await call('readingPage', { params: { orderId, productId, fileId } })).page;
  },

  async saveReadingPage(orderId: string, productId: string, fileId: string, page: number): Promise<void> {
    await call('saveReadingPage', { params: { orderId, productId, fileId }, body: { page } });
  },

  async orderDownloads(orderId: string): Promise<OrderDownloads> {
    const r = await call('orderDownloads', { params: { orderId } });
    return { lines: r.lines, downloads: r.downloads };
  },

  async resetDownloads(orderId: string, productId: string): Promise<number> {
    return (await call('resetDownloads', { params: { orderId, productId } })).reset;
  },
};

export type DeliveryApi = typeof deliveryApi;

/** 1536 → '1.5 KB': sizes as people read them. */
export const sizeText = (bytes: number): string => {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  // Decimal units, as the 2 GB cap is written (core/delivery/domain/product-file.ts).
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
};
