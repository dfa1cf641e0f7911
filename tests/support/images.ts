import { crc32, deflateSync } from 'node:zlib';

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A real PNG (grey, 8 bits) of that size. `pixels: false` gives only its header (a pixel flood: it
 * says 50,000 x 50,000 in a few bytes).
 */
export const aPng = (width = 4, height = 3, { pixels = true } = {}): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = pixels ? Buffer.alloc((width + 1) * height, 0x80).fill(0, 0, 1) : Buffer.alloc(0);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(pixels ? [chunk('IDAT', deflateSync(rows))] : []),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The smallest GIF: one transparent pixel. */
export const aGif = (): Buffer => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A WebP (VP8L, lossless) header of 2 x 2: image-size reads its size from it. */
export const aWebp = (): Buffer => {
  const vp8l = Buffer.from([0x2f, 0x01, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const riffBody = Buffer.concat([Buffer.from('WEBPVP8L', 'latin1'), Buffer.from([vp8l.length, 0, 0, 0]), vp8l]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(riffBody.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, riffBody]);
};

/** A JPEG's frame (SOI, a JFIF header, a baseline frame of 8 x 6): enough for its size to be read. */
export const aJpeg = (): Buffer =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x06, 0x00, 0x08, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9]),
  ]);

export const anSvgWithScript = (): Buffer =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(document.cookie)</script></svg>');

export const aTextFile = (): Buffer => Buffer.from('This is not an image, whatever its name says.\n');

/** A PNG padded past 10 MB (11 MB in all). */
export const anElevenMbPng = (): Buffer => {
  const png = aPng();
  return Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024 - png.length)]);
};
