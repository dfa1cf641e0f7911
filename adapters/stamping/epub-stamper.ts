import * as E from 'fp-ts/Either';
import { Unzipped, Zip, ZipDeflate, ZipPassThrough, Zippable, strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { Stamp } from '../../core/delivery/domain/stamp';
import { DomainError, invalid } from '../../core/shared/errors';
import { colophonPage, freeId, packagePath, packageVersion, withColophon } from './epub-package';

export const UNREADABLE_EPUB = 'This file could not be read as an EPUB, so the store cannot stamp it';
export const EPUB_TOO_LARGE = 'This EPUB unpacks to more than 512 MB, more than the store stamps';

const MIMETYPE = 'application/epub+zip';
/** Stamping unpacks the book in memory: a ZIP that claims more than this (a ZIP bomb) is refused. */
const MAX_UNPACKED = 512 * 1024 * 1024;
/** Files already compressed are stored as they are: deflating them again costs time and saves nothing. */
const COMPRESSED = /\.(jpe?g|png|gif|webp|mp3|mp4|m4a|m4v|ogg|webm|woff2?|zip)$/i;
/**
 * Entries carry this date, so stamping the same file for the same buyer gives the same bytes. ZIP
 * keeps local time: a date made in local time is the same entry date in every time zone.
 */
const ENTRY_DATE = new Date(2000, 0, 1);

/**
 * Stamps an EPUB (issue 19 part 4): a colophon page early in the reading order, and dc:rights in the
 * package metadata. Every other entry is copied unchanged. The ZIP is written again with `mimetype`
 * first and stored, as OCF requires, so reading systems recognise it.
 */
export const stampEpub = async (original: Uint8Array, stamp: Stamp): Promise<E.Either<DomainError, Uint8Array>> => {
  const unpacked = unpack(original);
  if (E.isLeft(unpacked)) return unpacked;
  const files = unpacked.right;
  const mimetype = files['mimetype'];
  const container = files['META-INF/container.xml'];
  if (!mimetype || strFromU8(mimetype).trim() !== MIMETYPE || !container) return E.left(invalid(UNREADABLE_EPUB));
  const opfPath = packagePath(strFromU8(container));
  const opfBytes = opfPath === undefined ? undefined : files[opfPath];
  if (opfPath === undefined || !opfBytes) return E.left(invalid(UNREADABLE_EPUB));

  const opf = strFromU8(opfBytes);
  const folder = opfPath.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
  const name = freeName(files, folder, 'licence');
  const colophon = { id: freeId(opf, 'store-licence'), href: name, rights: stamp.text };
  const stamped = withColophon(opf, colophon);
  if (stamped === undefined) return E.left(invalid(UNREADABLE_EPUB));

  const { mimetype: _first, ...rest } = files;
  return E.right(
    pack([
      ['mimetype', strToU8(MIMETYPE)],
      ...Object.entries(rest).map(([path, bytes]): [string, Uint8Array] => [path, path === opfPath ? strToU8(stamped) : bytes]),
      [folder + name, strToU8(colophonPage(stamp.text, packageVersion(opf)))],
    ]),
  );
};

const unpack = (bytes: Uint8Array): E.Either<DomainError, Unzipped> => {
  let claimed = 0;
  try {
    return E.right(
      unzipSync(bytes, {
        filter: (file) => {
          claimed += file.originalSize;
          if (claimed > MAX_UNPACKED) throw new RangeError(EPUB_TOO_LARGE);
          return true;
        },
      }),
    );
  } catch (error) {
    return E.left(invalid(error instanceof RangeError && error.message === EPUB_TOO_LARGE ? EPUB_TOO_LARGE : UNREADABLE_EPUB));
  }
};

const freeName = (files: Unzipped, folder: string, base: string): string => {
  let name = `${base}.xhtml`;
  for (let n = 2; files[folder + name]; n++) name = `${base}-${n}.xhtml`;
  return name;
};

/** A name JavaScript puts before every other key of an object, whatever the order they were added in. */
const INDEX_LIKE = /^(0|[1-9]\d{0,8})$/;

/**
 * A ZIP of the entries in this order. fflate's zipSync writes each entry's sizes in its local header,
 * as OCF wants for `mimetype`, but takes an object, whose keys keep their order unless one looks
 * like an array index ('1'); for such a rare book the streaming writer keeps the order, at the cost
 * of a data descriptor after `mimetype`, which reading systems accept.
 */
const pack = (entries: readonly [string, Uint8Array][]): Uint8Array => {
  const stored = (path: string) => path === 'mimetype' || COMPRESSED.test(path);
  if (entries.some(([path]) => INDEX_LIKE.test(path))) return packInOrder(entries, stored);
  const zippable: Zippable = {};
  for (const [path, bytes] of entries) zippable[path] = [bytes, { level: stored(path) ? 0 : 6 }];
  return zipSync(zippable, { mtime: ENTRY_DATE });
};

const packInOrder = (entries: readonly [string, Uint8Array][], stored: (path: string) => boolean): Uint8Array => {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [path, bytes] of entries) {
    const entry = stored(path) ? new ZipPassThrough(path) : new ZipDeflate(path, { level: 6 });
    entry.mtime = ENTRY_DATE;
    zip.add(entry);
    entry.push(bytes, true);
  }
  zip.end();
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  chunks.reduce((at, c) => (out.set(c, at), at + c.length), 0);
  return out;
};
