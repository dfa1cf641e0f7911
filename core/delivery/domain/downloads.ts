import { Id } from '../../shared/ids';
import type { Order } from '../../ordering/domain/order';
import { OrderHolder, mayReach } from '../../ordering/domain/order-access';
import { FileKey } from '../ports/file-storage';
import { ProductFile } from './product-file';
import { StampedCopy, isStamped } from './stamped-copy';

/** Completed downloads a buyer gets of each line, unless the product says otherwise (issue 19). */
export const DEFAULT_DOWNLOADS_PER_BUYER = 5;
export const MAX_DOWNLOADS_PER_BUYER = 1000;
/** How long a link asked for from the Orders section works: enough to start, too short to share. */
export const LINK_LIFE_MINUTES = 10;
/**
 * How long the reader's link works: pdf.js asks it for parts of the file while the buyer reads, so it
 * must outlast a sitting. The route still checks the holder's session on every part.
 */
export const READ_LINK_LIFE_MINUTES = 6 * 60;

export const DOWNLOADS_PER_BUYER_RULE = `Downloads per buyer must be a whole number from 1 to ${MAX_DOWNLOADS_PER_BUYER}`;
export const isDownloadsPerBuyer = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= MAX_DOWNLOADS_PER_BUYER;

export const DOWNLOAD_NOT_FOUND = 'Download not found';
export const LINK_EXPIRED = `This download link has expired (links work for ${LINK_LIFE_MINUTES} minutes). Click the file again in the Orders section of your profile for a new one.`;
export const LINE_REFUNDED = 'This purchase was refunded: its files can no longer be downloaded';
export const capReached = (limit: number, supportAddress: string) =>
  `You have downloaded this purchase ${limit} ${limit === 1 ? 'time' : 'times'}, its limit. If you need it again, write to ${supportAddress}.`;

/** Who may download: an account, or a guest's library session (never a checkout pass, which proves no mailbox). */
export type DownloadHolder = Extract<OrderHolder, { readonly kind: 'account' | 'library' }>;

/**
 * Who may download or read an order's files: the one place that says so. The holders who may reach
 * the order (order-access.ts `mayReach`), less the checkout pass: a browser that merely started a
 * guest checkout gets its files through the e-mailed library, which proves the address.
 */
export const mayDownload = (holder: OrderHolder | undefined, order: Pick<Order, 'id' | 'userId' | 'buyerEmail'>): holder is DownloadHolder =>
  holder !== undefined && holder.kind !== 'checkout' && mayReach(holder, order);

/** Of the holders a request proves (its account, its library), the one whose order this is. */
export const downloaderOf = (holders: readonly OrderHolder[], order: Pick<Order, 'id' | 'userId' | 'buyerEmail'>): DownloadHolder | undefined =>
  holders.find((holder): holder is DownloadHolder => mayDownload(holder, order));

/** A holder as links are signed for it and reading positions are kept under it. */
export const holderKey = (holder: DownloadHolder): string => (holder.kind === 'account' ? `account:${holder.userId}` : `library:${holder.email}`);

/**
 * Why a file is served: a download (counts toward the cap once complete) or the reader's pages
 * (never counts: pdf.js reads parts, and cancels its first whole-file request by design).
 */
export type ServePurpose = 'download' | 'read';
export const SERVE_PURPOSES = ['download', 'read'] as const satisfies readonly ServePurpose[];

/**
 * Which stored file a buyer gets: for a PDF or EPUB their own stamped copy (or the file as
 * uploaded when it could not be stamped, as its copy's note says); nothing while the copy is still
 * being made. Other files are served as uploaded.
 */
export const keyToServe = (file: Pick<ProductFile, 'key' | 'kind'>, copy: Pick<StampedCopy, 'key'> | undefined): FileKey | undefined =>
  !isStamped(file) ? file.key : copy ? (copy.key ?? file.key) : undefined;

/** One response served from a download link, as the log keeps it. */
export interface DownloadEntry {
  readonly orderId: Id;
  readonly productId: Id;
  readonly fileId: Id;
  /** Who: the account, or the guest's address for a library session. */
  readonly holder: DownloadHolder;
  readonly purpose: ServePurpose;
  readonly at: Date;
  /** The client's address as the app's trusted-proxy rule gives it. */
  readonly address: string;
  readonly bytes: number;
  /** The response sent the file's last byte, whole: a download that counts toward the cap (a read never counts). */
  readonly completed: boolean;
}

/** A log entry as the admin reads it: whether it still counts (an admin's reset stops it counting). */
export interface LoggedDownload extends DownloadEntry {
  readonly counted: boolean;
}

export interface ServedPart {
  /** The first and last byte the response was to send, inclusive. */
  readonly start: number;
  readonly end: number;
  readonly fileSize: number;
  /** How many bytes were written before the response finished or was cut. */
  readonly bytesSent: number;
  /** The response was written to its end, not cut by the client or the network. */
  readonly finished: boolean;
}

/**
 * A download counts when the response that carries the file's last byte has written all it was to
 * (EDD#783: count downloads, not clicks); a cut response or a middle part of a resumed one does not.
 */
export const completesDownload = ({ start, end, fileSize, bytesSent, finished }: ServedPart): boolean =>
  finished && fileSize > 0 && end === fileSize - 1 && bytesSent === end - start + 1;

/**
 * Responses that do not complete a download (a cut, a part of a resumed one, the reader's pages)
 * are logged up to this many per line: enough to tell a dispute's story, while a script asking for
 * ranges all day cannot grow the log without end. A completed download is always logged: the cap
 * is counted from them.
 */
export const MAX_PARTIAL_RESPONSES_LOGGED = 1000;

export const isLogged = (completed: boolean, partialsLogged: number): boolean => completed || partialsLogged < MAX_PARTIAL_RESPONSES_LOGGED;

/** Whether another download may begin: fewer completed than the limit. */
export const withinCap = (completed: number, limit: number): boolean => completed < limit;
