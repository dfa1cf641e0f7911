/**
 * Reads an EPUB's ZIP as a reading system does, with yauzl (a reader independent of the fflate the
 * stamper writes with): entries in their order with their compression and header facts.
 */
import yauzl from 'yauzl';

export interface ZipEntry {
  readonly name: string;
  /** 0: stored; 8: deflated. */
  readonly compressionMethod: number;
  /** Bit 3: sizes in a data descriptor after the data rather than in the local header. */
  readonly generalPurposeBitFlag: number;
  readonly extraFieldLength: number;
  readonly bytes: Buffer;
}

export const readZip = (zip: Uint8Array): Promise<ZipEntry[]> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(zip), { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const entries: ZipEntry[] = [];
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (failed, stream) => {
          if (failed) return reject(failed);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              compressionMethod: entry.compressionMethod,
              generalPurposeBitFlag: entry.generalPurposeBitFlag,
              extraFieldLength: entry.extraFieldLength,
              bytes: Buffer.concat(chunks),
            });
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });

/** The first local file header of a ZIP, as OCF checks `mimetype` (bytes 0 to 57 of the file). */
export const firstLocalHeader = (zip: Uint8Array) => {
  const view = Buffer.from(zip);
  const nameLength = view.readUInt16LE(26);
  return {
    signature: view.readUInt32LE(0),
    flags: view.readUInt16LE(6),
    method: view.readUInt16LE(8),
    compressedSize: view.readUInt32LE(18),
    size: view.readUInt32LE(22),
    extraLength: view.readUInt16LE(28),
    name: view.subarray(30, 30 + nameLength).toString('latin1'),
    content: view.subarray(30 + nameLength, 30 + nameLength + 20).toString('latin1'),
  };
};

/** An entry's text, or a failure naming the entry that is missing. */
export const textOf = (entries: readonly ZipEntry[], name: string): string => {
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new Error(`No ${name} in the EPUB (it has ${entries.map((e) => e.name).join(', ')})`);
  return entry.bytes.toString('utf8');
};
