import { Context } from 'koa';
import { DOWNLOAD_NOT_FOUND, LINK_EXPIRED, ServePurpose, holderKey } from '../../../core/delivery/domain/downloads';
import { MAX_PRODUCT_FILE_BYTES, FILE_TOO_LARGE, ProductFile } from '../../../core/delivery/domain/product-file';
import { ManageProductFiles } from '../../../core/delivery/use-cases/manage-files';
import { Downloads } from '../../../core/delivery/use-cases/downloads';
import { Reading } from '../../../core/delivery/use-cases/reading';
import { NOT_SIGNED_IN } from '../../../core/identity/domain/user';
import { OrderHolder, accountHolder } from '../../../core/ordering/domain/order-access';
import { GuestLibraryAccess } from '../../../core/ordering/use-cases/guest-library';
import { gone, invalid, notFound, tooLarge, unauthorized } from '../../../core/shared/errors';
import {
  DOWNLOADS_PER_BUYER_SAVED,
  DOWNLOADS_RESET,
  FILE_ADDED,
  FILE_REMOVED,
  ProductFileData,
  downloadsPerBuyerAnswer,
  downloadsResetAnswer,
  fileAddedAnswer,
  fileLinkAnswer,
  fileRemovedAnswer,
  orderDownloadsAnswer,
  productFilesAnswer,
  readLinkAnswer,
  readingPageAnswer,
} from '../../../api/delivery';
import { On } from '../calls';
import { refuse, respond } from '../respond';
import { currentUser } from '../session';
import { libraryToken } from '../guest-cookies';
import { FileLinks } from '../delivery/file-links';
import { receiveUpload } from '../delivery/received-upload';
import { serveFile } from '../delivery/serve-file';

export interface DeliveryUseCases {
  readonly manageProductFiles: ManageProductFiles;
  readonly downloads: Downloads;
  readonly reading: Reading;
  readonly guestLibrary: GuestLibraryAccess;
}

export interface DeliveryConfig {
  readonly fileLinks: FileLinks;
  /** Where uploads wait while they are checked: under the data folder, emptied as each ends. */
  readonly uploadsInProgress: string;
  readonly now: () => Date;
  readonly logError: (error: unknown) => void;
}

export const UPLOAD_CUT = 'The upload stopped before the end: nothing was saved. Please send the file again.';

const fileData = (file: ProductFile): ProductFileData => ({ _id: file.id, name: file.name, kind: file.kind, size: file.size, uploadedAt: file.uploadedAt });

/** The editor's Files section, the buyer's file links and downloads, and the admin's download log (issue 19). */
export const deliveryRoutes = (on: On, useCases: DeliveryUseCases, config: DeliveryConfig) => {
  const { manageProductFiles, downloads, reading, guestLibrary } = useCases;

  /** Whom the request proves: its signed-in account, its guest library session, or both; the core picks the order's. */
  const holdersOf = async (ctx: Context): Promise<OrderHolder[]> => {
    const [user, library] = await Promise.all([currentUser(ctx), guestLibrary.holderOf(libraryToken(ctx))]);
    return [...(user ? [accountHolder(user)] : []), ...(library ? [library] : [])];
  };

  on('productFiles', async (ctx) => {
    await respond(ctx, manageProductFiles.list(await currentUser(ctx), ctx.params.id), productFilesAnswer, ({ files, downloadsPerBuyer }) => ({
      files: files.map(fileData),
      downloadsPerBuyer,
    }));
  });

  // The body is the file itself (application/octet-stream), streamed to a temporary file.
  on('addProductFile', async (ctx, { query }) => {
    const user = await currentUser(ctx);
    const allowed = await manageProductFiles.mayAdd(user, ctx.params.id)();
    if (allowed._tag === 'Left') {
      ctx.set('Connection', 'close');
      return refuse(ctx, allowed.left);
    }
    const received = await receiveUpload(ctx.req, config.uploadsInProgress, query.name, MAX_PRODUCT_FILE_BYTES);
    if (received === 'too-large' || received === 'cut') {
      // The rest of the body is not read: the connection ends with the answer.
      ctx.set('Connection', 'close');
      return refuse(ctx, received === 'too-large' ? tooLarge(FILE_TOO_LARGE) : invalid(UPLOAD_CUT));
    }
    try {
      await respond(ctx, manageProductFiles.add(user, ctx.params.id, received), fileAddedAnswer, (file) => ({ message: FILE_ADDED, file: fileData(file) }));
    } finally {
      await received.discard();
    }
  });

  on('removeProductFile', async (ctx) => {
    await respond(ctx, manageProductFiles.remove(await currentUser(ctx), ctx.params.id, ctx.params.fileId), fileRemovedAnswer, () => ({ message: FILE_REMOVED }));
  });

  on('setDownloadsPerBuyer', async (ctx, { body }) => {
    await respond(ctx, manageProductFiles.setDownloadsPerBuyer(await currentUser(ctx), ctx.params.id, body.downloadsPerBuyer), downloadsPerBuyerAnswer, (n) => ({
      message: DOWNLOADS_PER_BUYER_SAVED,
      downloadsPerBuyer: n,
    }));
  });

  // Each click in the Orders section or the library: a fresh link, for minutes, for this holder and file.
  on('fileLink', async (ctx) => {
    const { orderId, productId, fileId } = ctx.params;
    await respond(ctx, downloads.ask(await holdersOf(ctx), orderId, productId, fileId), fileLinkAnswer, ({ holder, expiresAt }) => ({
      url: config.fileLinks.linkTo({ holder: holderKey(holder), purpose: 'download', orderId, productId, fileId }, expiresAt),
      expiresAt: expiresAt.toISOString(),
    }));
  });

  // The reader page's link: the same file for the same holder, for a reading session, logged as reading.
  on('readLink', async (ctx) => {
    const { orderId, productId, fileId } = ctx.params;
    await respond(ctx, downloads.ask(await holdersOf(ctx), orderId, productId, fileId, 'read'), readLinkAnswer, ({ holder, file, expiresAt }) => ({
      url: config.fileLinks.linkTo({ holder: holderKey(holder), purpose: 'read', orderId, productId, fileId }, expiresAt),
      expiresAt: expiresAt.toISOString(),
      name: file.name,
    }));
  });

  on('fileDownload', async (ctx, { query }) => {
    const holders = await holdersOf(ctx);
    if (holders.length === 0) return refuse(ctx, unauthorized(NOT_SIGNED_IN));
    const { orderId, productId, fileId } = ctx.params;
    const purpose: ServePurpose = query.purpose ?? 'download';
    // The link holds for the one holder it was signed for, if this request proves that holder; a link
    // made for someone else, or altered, is as good as no link; a late one says so.
    const checked = holders.flatMap((holder) => {
      if (holder.kind === 'checkout') return [];
      return [{ holder, link: config.fileLinks.check({ holder: holderKey(holder), purpose, orderId, productId, fileId }, query, config.now()) }];
    });
    const signedFor = checked.find((c) => c.link !== 'forged');
    if (!signedFor) return refuse(ctx, notFound(DOWNLOAD_NOT_FOUND));
    if (signedFor.link === 'expired') return refuse(ctx, gone(LINK_EXPIRED));
    const opened = await downloads.open(signedFor.holder, orderId, productId, fileId, ctx.ip, purpose)();
    if (opened._tag === 'Left') return refuse(ctx, opened.left);
    await serveFile(ctx, opened.right, config.logError);
  });

  on('readingPage', async (ctx) => {
    const { orderId, productId, fileId } = ctx.params;
    await respond(ctx, reading.pageOf(await holdersOf(ctx), orderId, productId, fileId), readingPageAnswer, (page) => ({ page }));
  });

  on('saveReadingPage', async (ctx, { body }) => {
    const { orderId, productId, fileId } = ctx.params;
    await respond(ctx, reading.remember(await holdersOf(ctx), orderId, productId, fileId, body.page), readingPageAnswer, (page) => ({ page }));
  });

  on('orderDownloads', async (ctx) => {
    await respond(ctx, downloads.ofOrder(await currentUser(ctx), ctx.params.orderId), orderDownloadsAnswer, ({ lines, downloads: served }) => ({
      lines: [...lines],
      downloads: served.map((d) => ({
        productId: d.productId,
        fileId: d.fileId,
        ...(d.holder.kind === 'account' ? { userId: d.holder.userId } : { email: d.holder.email }),
        purpose: d.purpose,
        at: d.at.toISOString(),
        address: d.address,
        bytes: d.bytes,
        completed: d.completed,
        counted: d.counted,
      })),
    }));
  });

  on('resetDownloads', async (ctx) => {
    await respond(ctx, downloads.reset(await currentUser(ctx), ctx.params.orderId, ctx.params.productId), downloadsResetAnswer, (n) => ({ message: DOWNLOADS_RESET, reset: n }));
  });
};

