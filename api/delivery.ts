import { z } from 'zod';
import { FILE_KINDS } from '../core/delivery/domain/product-file';
import { answer } from './envelope';
import { textField } from './fields';

/**
 * Product files and downloads per buyer (issue 19): the editor's Files section, the buyer's fresh
 * links, and the admin's download log per order.
 */

export const FILE_ADDED = 'File added';
export const FILE_REMOVED = 'File removed';
export const DOWNLOADS_PER_BUYER_SAVED = 'Downloads per buyer saved';
export const DOWNLOADS_RESET = 'The downloads of this product are reset';

export const productFile = z
  .object({ _id: z.string(), name: z.string(), kind: z.enum(FILE_KINDS), size: z.number(), uploadedAt: z.string() })
  .strict();
export type ProductFileData = z.infer<typeof productFile>;

/** GET /api/admin/products/:id/files */
export const productFilesAnswer = answer({ files: z.array(productFile), downloadsPerBuyer: z.number() });

/** POST /api/admin/products/:id/files?name=<file name>: the body is the file itself (streamed). */
export const addFileQuery = z.object({ name: textField('The file name', { max: 1000, missing: 'Send the file name as ?name=' }) }).strict();
export const fileAddedAnswer = answer({ message: z.string(), file: productFile });
export const fileRemovedAnswer = answer({ message: z.string() });

/** PUT /api/admin/products/:id/downloads-per-buyer */
export const downloadsPerBuyerRequest = z
  .object({ downloadsPerBuyer: z.number({ error: 'Downloads per buyer must be a number' }) })
  .strict();
export const downloadsPerBuyerAnswer = answer({ message: z.string(), downloadsPerBuyer: z.number() });

/** POST /api/orders/:orderId/files/:productId/:fileId/link: a fresh link of the store, valid minutes. */
export const fileLinkAnswer = answer({ url: z.string(), expiresAt: z.string() });

/** GET /api/orders/:orderId/files/:productId/:fileId?[purpose=read&]expires=&sig= answers the file; the query is checked here. */
export const fileDownloadQuery = z
  .object({ purpose: z.enum(['read']).optional(), expires: z.string().max(20).optional(), sig: z.string().max(100).optional() })
  .strict();

/** POST /api/orders/:orderId/files/:productId/:fileId/read-link: the reader's link (hours, never counted), and the file's name. */
export const readLinkAnswer = answer({ url: z.string(), expiresAt: z.string(), name: z.string() });

/** GET and PUT /api/orders/:orderId/files/:productId/:fileId/page: the last page read (the core checks the number). */
export const readingPageRequest = z.object({ page: z.number({ error: 'The page must be a number' }) }).strict();
export const readingPageAnswer = answer({ page: z.number() });

/** A line's files in its buyer's Orders section, with the completed downloads used of its limit. */
export const lineFiles = z
  .object({
    files: z.array(z.object({ _id: z.string(), name: z.string(), kind: z.enum(FILE_KINDS), size: z.number(), preparing: z.boolean().optional() }).strict()),
    used: z.number(),
    limit: z.number(),
  })
  .strict();

/** GET /api/admin/orders/:orderId/downloads: each line's delivery, and every response served. */
export const orderDownloadsAnswer = answer({
  lines: z.array(
    z.object({ productId: z.string(), title: z.string(), files: z.number(), link: z.boolean(), used: z.number(), limit: z.number() }).strict(),
  ),
  downloads: z.array(
    z
      .object({
        productId: z.string(),
        fileId: z.string(),
        /** Who: the account, or the guest's address for a library session. */
        userId: z.string().optional(),
        email: z.string().optional(),
        purpose: z.enum(['download', 'read']),
        at: z.string(),
        address: z.string(),
        bytes: z.number(),
        completed: z.boolean(),
        counted: z.boolean(),
      })
      .strict(),
  ),
});

/** POST /api/admin/orders/:orderId/downloads/:productId/reset */
export const downloadsResetAnswer = answer({ message: z.string(), reset: z.number() });
