import yauzl from 'yauzl';
import { ArchiveEntry, ArchiveListing, MAX_ARCHIVE_ENTRIES } from '../../../core/delivery/domain/file-content';

/** The first entry is read only when it is this small: EPUB's `mimetype` is 20 bytes. */
const FIRST_ENTRY_TEXT_MAX = 100;

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );

const textOf = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<string | undefined>((resolve) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error) return resolve(undefined);
      const parts: Buffer[] = [];
      stream.on('data', (part: Buffer) => parts.push(part));
      stream.on('error', () => resolve(undefined));
      stream.on('end', () => resolve(Buffer.concat(parts).toString('latin1')));
    }),
  );

/**
 * A ZIP's central directory, read from the file with yauzl (it reads the end record and the
 * directory, never unpacks the entries), for the core's archive rules; the reason when it is no ZIP.
 * Stops listing past the entry cap: the core refuses those anyway.
 */
export const listZip = async (file: string): Promise<ArchiveListing | { readonly unreadable: string }> => {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : 'its central directory is damaged' };
  }
  try {
    const entries: ArchiveEntry[] = [];
    let firstEntryText: string | undefined;
    const total = Math.min(zip.entryCount, MAX_ARCHIVE_ENTRIES + 1);
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push({ name: entry.fileName, compressedSize: entry.compressedSize, uncompressedSize: entry.uncompressedSize });
        const next = () => (entries.length >= total ? resolve() : zip.readEntry());
        if (entries.length === 1 && entry.uncompressedSize <= FIRST_ENTRY_TEXT_MAX && entry.compressionMethod === 0)
          void textOf(zip, entry).then((text) => ((firstEntryText = text), next()));
        else next();
      });
      if (total === 0) resolve();
      else zip.readEntry();
    });
    return { entries, ...(firstEntryText === undefined ? {} : { firstEntryText }) };
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : 'its central directory is damaged' };
  } finally {
    zip.close();
  }
};
