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
  // Each row starts with its filter type (0, none), then its grey pixels.
  const rows = Buffer.alloc(pixels ? (width + 1) * height : 0, 0x80);
  for (let row = 0; row < rows.length; row += width + 1) rows[row] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(pixels ? [chunk('IDAT', deflateSync(rows))] : []),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The smallest GIF: one transparent pixel. */
export const aGif = (): Buffer => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A real WebP (VP8L, lossless) of 2 x 2, as sharp writes it. */
export const aWebp = (): Buffer => Buffer.from('UklGRh4AAABXRUJQVlA4TBEAAAAvAUAAAAdQ0P4VuP+BiOh/AAA=', 'base64');

/** A real JPEG of 8 x 6 (baseline, one colour), as sharp writes it. */
export const aJpeg = (): Buffer =>
  Buffer.from(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKMAyJf/2Q==',
    'base64',
  );

export const anSvgWithScript = (): Buffer =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(document.cookie)</script></svg>');

export const aTextFile = (): Buffer => Buffer.from('This is not an image, whatever its name says.\n');

/** A PNG padded past 10 MB (11 MB in all). */
export const anElevenMbPng = (): Buffer => {
  const png = aPng();
  return Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024 - png.length)]);
};

/**
 * A real JPEG of that size, decoded by sharp like any upload (a gradient, so sizes are not trivially
 * small); `gps` writes EXIF with a position and a camera, as a phone's photo carries.
 */
export const aPhoto = async (width = 1200, height = 1600, { gps = false, orientation }: { gps?: boolean; orientation?: number } = {}): Promise<Buffer> => {
  const { default: sharp } = await import('sharp');
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels.set([(x * 255) / width, (y * 255) / height, ((x + y) * 97) % 256], (y * width + x) * 3);
  let image = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 });
  if (gps) image = image.withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 2/1 40/1', GPSLongitudeRef: 'E', GPSLongitude: '31/1 14/1 0/1' } });
  if (orientation) image = image.withMetadata({ orientation });
  return image.toBuffer();
};
