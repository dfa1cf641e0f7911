import { DomainError, invalid, tooLarge } from '../../shared/errors';

/**
 * The rules for an uploaded image (DECISIONS 17, spec section 9): known by its content, not its
 * name; JPG, PNG, GIF or WebP only (an SVG can carry script); at most 10 MB; and a bounded number of
 * pixels, so a small file that would decode into gigabytes (a pixel flood) is refused.
 */
export const IMAGE_FORMATS = ['jpg', 'png', 'gif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Per request: the covers and small covers of one product. */
export const MAX_IMAGES_PER_PRODUCT = 20;
/** 40 megapixels, and no side longer than 12,000 pixels: far above any cover. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 12_000;

export const UPLOAD_HINT = 'JPG, PNG, GIF, WebP, max 10MB per image';
export const NOT_AN_IMAGE = 'Only JPG, PNG, GIF and WebP images can be uploaded';
export const IMAGE_TOO_BIG = 'Each image must be at most 10 MB';
export const TOO_MANY_IMAGES = `At most ${MAX_IMAGES_PER_PRODUCT} images can be uploaded at once`;
export const IMAGE_DAMAGED = 'This image is damaged or incomplete: its pixels cannot be read';
export const TOO_MANY_PIXELS = `Images must be at most ${MAX_IMAGE_SIDE} pixels wide and high, and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;

/** What reading an image's content found: its format and size in pixels, or nothing it knows. */
export interface ImageFacts {
  readonly format: string;
  readonly width: number;
  readonly height: number;
}

/** An uploaded file as the store received it. */
export interface UploadedImage {
  /** The name the admin's computer gave it: only for messages, never for its type or its stored name. */
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** An image that passed the rules, ready for storage. */
export interface CheckedImage {
  readonly format: ImageFormat;
  readonly bytes: Uint8Array;
  /** As uploaded, for a message about its pixels (the cover maker's). */
  readonly name?: string;
}

const isImageFormat = (format: string): format is ImageFormat => (IMAGE_FORMATS as readonly string[]).includes(format);

/** Names a file in a message without letting its name say more than a file name. */
export const shown = (name: string) => (name ? ` (${name.replace(/[^\w .()-]/g, '').slice(0, 60)})` : '');

/** Checks one image against the rules, given what its content says it is (undefined: not an image). */
export const checkImage = (image: UploadedImage, facts: ImageFacts | undefined): CheckedImage | DomainError => {
  if (image.bytes.length > MAX_IMAGE_BYTES) return tooLarge(IMAGE_TOO_BIG + shown(image.name));
  const format = facts?.format === 'jpeg' ? 'jpg' : facts?.format;
  if (!facts || image.bytes.length === 0 || !format || !isImageFormat(format)) return invalid(NOT_AN_IMAGE + shown(image.name));
  const { width, height } = facts;
  if (!(width > 0 && height > 0)) return invalid(NOT_AN_IMAGE + shown(image.name));
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS)
    return invalid(TOO_MANY_PIXELS + shown(image.name));
  return { format, bytes: image.bytes, name: image.name };
};
