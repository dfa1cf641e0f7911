import { FileKind } from './product-file';

/**
 * The rules a product file's content must meet to be sold as its kind (issue 19): the name says
 * what the admin means, the bytes say what the buyer gets. Adapters gather the evidence (the first
 * bytes, a ZIP's central directory); these functions decide.
 */

/** A ZIP's entries as its central directory lists them (read from the file, never unpacked). */
export interface ArchiveEntry {
  readonly name: string;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
}

export interface ArchiveListing {
  readonly entries: readonly ArchiveEntry[];
  /** The first entry's content when it is small and stored (EPUB's `mimetype`), as text. */
  readonly firstEntryText?: string;
}

export interface ContentEvidence {
  /** The file's first bytes (at least 64 when the file has them). */
  readonly head: Uint8Array;
  readonly size: number;
  /** For a ZIP or EPUB: its listing, or why the central directory could not be read. */
  readonly archive?: ArchiveListing | { readonly unreadable: string };
}

/** A ZIP whose entries unpack to more than this is refused: no buyer's disk should fill from a course. */
export const MAX_UNPACKED_BYTES = 8 * 1024 ** 3;
/** Real archives compress text and images at most about 20:1; a bomb is thousands to one. */
export const MAX_COMPRESSION_RATIO = 200;
export const MAX_ARCHIVE_ENTRIES = 10_000;

export const EPUB_MIMETYPE = 'application/epub+zip';

export const NOT_A_PDF = 'This file is not a PDF: a PDF begins with "%PDF-"';
export const PROGRAM_NOT_A_DOCUMENT = 'This file is a program (an executable), not a document: it cannot be sold as a product file';
export const NOT_A_ZIP = 'This file is not a ZIP archive';
export const zipUnreadable = (why: string) => `This ZIP archive cannot be read: ${why}`;
export const NOT_AN_EPUB = 'This file is not an EPUB: an EPUB is a ZIP whose first entry is "mimetype" holding "application/epub+zip"';
export const NOT_AN_MP4 = 'This file is not an MP4 video: an MP4 begins with an "ftyp" box';
export const ZIP_TOO_MANY_ENTRIES = `This ZIP archive has more than ${MAX_ARCHIVE_ENTRIES} entries`;
export const ZIP_BOMB = 'This ZIP archive unpacks to far more than its size (a "zip bomb"): it is refused';
export const ZIP_EMPTY = 'This ZIP archive is empty';

const startsWith = (bytes: Uint8Array, text: string, at = 0) => [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/** Windows (MZ), Linux (ELF), macOS (Mach-O, both byte orders and fat) and script (#!) programs. */
export const isProgram = (head: Uint8Array): boolean => {
  const [a, b, c, d] = head;
  if (a === 0x4d && b === 0x5a) return true;
  if (a === 0x7f && startsWith(head, 'ELF', 1)) return true;
  const magic = ((a ?? 0) << 24) | ((b ?? 0) << 16) | ((c ?? 0) << 8) | (d ?? 0);
  if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(magic >>> 0)) return true;
  return a === 0x23 && b === 0x21;
};

const isZipHead = (head: Uint8Array) => startsWith(head, 'PK\u0003\u0004');

/** The archive's shape: readable, not empty, few enough entries, and no bomb. */
const archiveProblem = (evidence: ContentEvidence): string | undefined => {
  if (!isZipHead(evidence.head)) return NOT_A_ZIP;
  const archive = evidence.archive;
  if (!archive) return NOT_A_ZIP;
  if ('unreadable' in archive) return zipUnreadable(archive.unreadable);
  if (archive.entries.length === 0) return ZIP_EMPTY;
  if (archive.entries.length > MAX_ARCHIVE_ENTRIES) return ZIP_TOO_MANY_ENTRIES;
  const unpacked = archive.entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (unpacked > MAX_UNPACKED_BYTES || unpacked > Math.max(evidence.size, 1) * MAX_COMPRESSION_RATIO) return ZIP_BOMB;
  if (archive.entries.some((e) => e.uncompressedSize > Math.max(e.compressedSize, 1) * MAX_COMPRESSION_RATIO && e.uncompressedSize > 1024 * 1024)) return ZIP_BOMB;
  return undefined;
};

/** Why the content is not a `kind` the store can sell, or undefined when it is one. */
export const contentProblem = (kind: FileKind, evidence: ContentEvidence): string | undefined => {
  const { head } = evidence;
  if (isProgram(head)) return PROGRAM_NOT_A_DOCUMENT;
  switch (kind) {
    case 'pdf':
      return startsWith(head, '%PDF-') ? undefined : NOT_A_PDF;
    case 'zip':
      return archiveProblem(evidence);
    case 'epub': {
      if (!isZipHead(head)) return NOT_AN_EPUB;
      const problem = archiveProblem(evidence);
      if (problem) return problem;
      const archive = evidence.archive as ArchiveListing;
      return archive.entries[0]?.name === 'mimetype' && archive.firstEntryText?.trim() === EPUB_MIMETYPE ? undefined : NOT_AN_EPUB;
    }
    case 'mp4':
      return startsWith(head, 'ftyp', 4) ? undefined : NOT_AN_MP4;
  }
};

/** Whether the kind's check needs the archive's listing (the adapter reads it only then). */
export const needsListing = (kind: FileKind): boolean => kind === 'zip' || kind === 'epub';
