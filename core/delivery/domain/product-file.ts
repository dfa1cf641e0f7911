import { Id } from '../../shared/ids';
import { textProblem } from '../../shared/text';
import { FileKey } from '../ports/file-storage';

/** What a product's file may be (issue 19): each is checked by its content, not its name. */
export const FILE_KINDS = ['pdf', 'epub', 'zip', 'mp4'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const CONTENT_TYPE_OF: Record<FileKind, string> = {
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
  zip: 'application/zip',
  mp4: 'video/mp4',
};

/**
 * 2 GB, in the decimal units (a 2.1 GB file is refused): a long course video fits; the
 * upload is cut off at the first byte past it.
 */
export const MAX_PRODUCT_FILE_BYTES = 2_000_000_000;
/** A product with more files than this is a mistake, not a product. */
export const MAX_FILES_PER_PRODUCT = 20;
export const MAX_FILE_NAME_LENGTH = 120;

/** A file the store keeps for a product, as its buyers download it. */
export interface ProductFile {
  readonly id: Id;
  readonly productId: Id;
  /** The name the buyer's download is saved under: the uploaded name, cleaned. */
  readonly name: string;
  readonly kind: FileKind;
  readonly key: FileKey;
  readonly size: number;
  readonly uploadedAt: string;
}

/** Where a product's file is kept: private, named by ids only, never by the name uploaded. */
export const productFileKey = (productId: Id, fileId: Id, kind: FileKind): FileKey => `products/${productId}/${fileId}.${kind}`;

export const FILE_NAME_MISSING = 'Give the file a name ending in .pdf, .epub, .zip or .mp4';
export const FILE_NAME_HAS_PATH = 'The file name must not contain "/" or "\\": send the file\'s own name, not a path';
export const FILE_NAME_TOO_LONG = `The file name is longer than ${MAX_FILE_NAME_LENGTH} characters`;
export const unsupportedExtension = (name: string) => `"${name}" is not a PDF, EPUB, ZIP or MP4 file: the name must end in .pdf, .epub, .zip or .mp4`;
export const FILE_EMPTY = 'The file is empty';
export const FILE_TOO_LARGE = 'A product file can be at most 2 GB (2,000,000,000 bytes)';
export const TOO_MANY_FILES = `A product has at most ${MAX_FILES_PER_PRODUCT} files`;
export const FILE_NOT_FOUND = 'File not found';

/**
 * The uploaded name as the buyer will see it, and its kind by extension; or why it is refused. A
 * name with a path in it is refused, not cut: the admin should see what they sent was odd.
 * Spaces are folded and trimmed; characters the store never keeps (controls, reordering marks that
 * make "fdp.exe" read "exe.pdf") are refused by the one text rule.
 */
export const cleanFileName = (sent: string): { name: string; kind: FileKind } | string => {
  if (/[/\\]/.test(sent)) return FILE_NAME_HAS_PATH;
  const problem = textProblem('The file name', sent);
  if (problem) return problem;
  const name = sent.replace(/\s+/g, ' ').trim();
  if (name === '' || name.startsWith('.')) return FILE_NAME_MISSING;
  if (name.length > MAX_FILE_NAME_LENGTH) return FILE_NAME_TOO_LONG;
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  const kind = FILE_KINDS.find((k) => k === extension);
  return kind ? { name, kind } : unsupportedExtension(name);
};

/** Hard limits of a size the upload announced or reached. */
export const sizeProblem = (size: number): string | undefined => (size <= 0 ? FILE_EMPTY : size > MAX_PRODUCT_FILE_BYTES ? FILE_TOO_LARGE : undefined);
