/**
 * The sizes an uploaded cover is served in (issue 22, item 6), one rule for the store that makes
 * them (adapters/uploads/cover-maker.ts), the route that serves them (adapters/http/uploads.ts) and
 * the page that picks one (ui/src/catalog/CoverImage.tsx).
 *
 * The widths come from the CSS (ui/src/app/app.css), measured in Chromium: a card's cover is 168 px
 * wide at 375 px and 210 px at 1280 px; the product page's is 220 px at 375 px and 340 px from 768
 * px up. So 210 serves a card at 1x, 340 a card on a 2x phone (336) and the page at 1x, 440 the page
 * on a 2x phone and a card on a wide 2x screen (420), 680 the page on a wide 2x screen.
 */
export const COVER_WIDTHS = [210, 340, 440, 680] as const;

/** Each size in AVIF, WebP and JPEG: the browser takes the first it knows, every browser knows JPEG. */
export const COVER_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type CoverFormat = (typeof COVER_FORMATS)[number];

/** The formats an upload keeps as its original (core/catalog/domain/images.ts). */
const ORIGINAL = '(jpg|png|gif|webp)';
const STEM = '([0-9a-f]{24})(?:-([1-9][0-9]{0,4})x([1-9][0-9]{0,4}))?';

/**
 * An uploaded cover's address: `/uploads/<random name>-<width>x<height>.<format>`. The pixels it was
 * kept with are in its name, so a page knows the size of every cover from the product's own data,
 * with no other field or read; a name is never reused, so the size never changes. Covers uploaded
 * before the sizes were made have no size in their name (`/uploads/<random name>.<format>`).
 */
const UPLOADED = new RegExp(`^/uploads/(${STEM})\\.${ORIGINAL}$`);
/** One of its sizes: `/uploads/<the original's name less its format>-<width>w.<avif|webp|jpg>`. */
const SIZED = new RegExp(`^/uploads/(${STEM})-([1-9][0-9]{0,4})w\\.(avif|webp|jpg)$`);

export interface UploadedCover {
  /** The name less its format, which every size's name starts with. */
  readonly stem: string;
  readonly format: string;
  /** Known for covers uploaded since the sizes are made; undefined for older ones. */
  readonly width?: number;
  readonly height?: number;
}

export interface CoverSize {
  readonly stem: string;
  readonly width: number;
  readonly format: CoverFormat;
}

/** What an address says of an uploaded cover, or undefined for any other (a web address, a demo cover). */
export const uploadedCoverOf = (address: string): UploadedCover | undefined => {
  const match = UPLOADED.exec(address);
  if (!match) return undefined;
  const [, stem, , width, height, format] = match;
  return width && height ? { stem: stem!, format: format!, width: Number(width), height: Number(height) } : { stem: stem!, format: format! };
};

/** What a size's address names, or undefined for any other address. */
export const coverSizeOf = (address: string): CoverSize | undefined => {
  const match = SIZED.exec(address);
  return match ? { stem: match[1]!, width: Number(match[5]), format: match[6] as CoverFormat } : undefined;
};

/** The address a cover is kept at once its sizes are made. */
export const sizedCoverAddress = (name: string, format: string, width: number, height: number): string =>
  `/uploads/${name}-${width}x${height}.${format}`;

export const coverSizeAddress = (stem: string, width: number, format: CoverFormat): string => `/uploads/${stem}-${width}w.${format}`;

/**
 * The widths a cover is made in: those of COVER_WIDTHS narrower than the cover, and the cover's own
 * width when it is narrower than the widest (never enlarged). Older covers, their width unknown,
 * have every width: each is made no wider than the cover (its name then says more than its pixels).
 */
export const coverWidths = (width: number | undefined): readonly number[] => {
  if (width === undefined) return COVER_WIDTHS;
  const narrower = COVER_WIDTHS.filter((each) => each < width);
  return narrower.length === COVER_WIDTHS.length ? narrower : [...narrower, width];
};

/** Is this a size some cover of that width is made in (the only sizes the route makes on request)? */
export const isCoverWidthOf = (cover: UploadedCover, width: number): boolean => coverWidths(cover.width).includes(width);

/** The height a cover is shown at for its width, kept to its proportions (3:4, the cover's box, when unknown). */
export const coverHeightAt = (cover: UploadedCover, width: number): number =>
  Math.round(cover.width && cover.height ? (width * cover.height) / cover.width : (width * 4) / 3);
