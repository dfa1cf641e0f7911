import type { User } from '../../identity/domain/user';
import { Id } from '../../shared/ids';
import type { Order, OrderLine } from '../../ordering/domain/order';
import { FileKey } from '../ports/file-storage';
import { ProductFile } from './product-file';

/** Completed downloads a buyer gets of each line, unless the product says otherwise (issue 19). */
export const DEFAULT_DOWNLOADS_PER_BUYER = 5;
export const MAX_DOWNLOADS_PER_BUYER = 1000;
/** How long a link asked for from the Orders section works: enough to start, too short to share. */
export const LINK_LIFE_MINUTES = 10;

export const DOWNLOADS_PER_BUYER_RULE = `Downloads per buyer must be a whole number from 1 to ${MAX_DOWNLOADS_PER_BUYER}`;
export const isDownloadsPerBuyer = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= MAX_DOWNLOADS_PER_BUYER;

export const DOWNLOAD_NOT_FOUND = 'Download not found';
export const LINK_EXPIRED = `This download link has expired (links work for ${LINK_LIFE_MINUTES} minutes). Click the file again in the Orders section of your profile for a new one.`;
export const LINE_REFUNDED = 'This purchase was refunded: its files can no longer be downloaded';
export const capReached = (limit: number, supportAddress: string) =>
  `You have downloaded this purchase ${limit} ${limit === 1 ? 'time' : 'times'}, its limit. If you need it again, write to ${supportAddress}.`;

/**
 * Who may download an order's files: the one place that says so (guest checkout extends it to a
 * library link for the order's address).
 */
export const mayDownload = (order: Pick<Order, 'userId'>, user: Pick<User, 'id'>): boolean => order.userId === user.id;

/**
 * Which stored file a buyer's line serves: the seam for stamped copies (a stamped copy per buyer
 * will be chosen here); today the original.
 */
export const keyToServe = (_order: Pick<Order, 'id'>, _line: Pick<OrderLine, 'productId'>, file: Pick<ProductFile, 'key'>): FileKey => file.key;

/** One response served from a download link, as the log keeps it. */
export interface DownloadEntry {
  readonly orderId: Id;
  readonly productId: Id;
  readonly fileId: Id;
  readonly userId: Id;
  readonly at: Date;
  /** The client's address as the app's trusted-proxy rule gives it. */
  readonly address: string;
  readonly bytes: number;
  /** The response sent the file's last byte, whole: this download counts toward the cap. */
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
