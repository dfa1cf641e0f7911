import { useState } from 'react';
import { COVER_FORMATS, coverHeightAt, coverSizeAddress, coverWidths, uploadedCoverOf, type CoverFormat } from '../../../core/catalog/domain/cover-sizes';

/**
 * How wide a cover shows, as the CSS lays it out (ui/src/app/app.css), for the browser to pick a
 * size before it has the styles: a card is about 45% of a phone's width (2 columns), 30% of a
 * tablet's (3) and 210 px in the 5 columns of a wide screen; the product page's cover 220 px on a
 * phone and 340 px from 768 px up; the cart's 72 px.
 */
const SHOWN_WIDTHS = {
  card: '(min-width: 1000px) 210px, (min-width: 640px) 30vw, 45vw',
  page: '(min-width: 768px) 340px, 220px',
  thumb: '72px',
} as const;
export type CoverShownAs = keyof typeof SHOWN_WIDTHS;

/** The box every cover shows in is 3:4 (.cover): a cover whose size is unknown is given its proportions. */
const BOX = { width: 300, height: 400 };

const MEDIA_TYPES: Record<CoverFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/**
 * A product cover. An uploaded cover is a `<picture>` of its sizes (core/catalog/domain/cover-sizes.ts)
 * in AVIF, then WebP, then JPEG in the `<img>`, whose width and height come from the cover's address,
 * so the page keeps its place before the image arrives. Other covers (the demo's SVGs, a web
 * address) show as they are. The page's own cover is fetched first (`eager`: its largest paint);
 * cards below the fold wait until they are scrolled near. When the image fails to load it is hidden
 * and the tile's placeholder shows.
 */
export function CoverImage({
  src,
  alt,
  className = '',
  eager = false,
  shownAs = 'card',
}: {
  src?: string;
  alt: string;
  className?: string;
  eager?: boolean;
  shownAs?: CoverShownAs;
}) {
  const [failedSrc, setFailedSrc] = useState<string>();
  const cover = src ? uploadedCoverOf(src) : undefined;
  const widths = cover ? coverWidths(cover.width) : [];
  const srcSet = (format: CoverFormat) => (cover ? widths.map((width) => `${coverSizeAddress(cover.stem, width, format)} ${width}w`).join(', ') : undefined);
  const widest = widths[widths.length - 1];
  const size = cover && widest ? { width: cover.width ?? widest, height: cover.height ?? coverHeightAt(cover, widest) } : BOX;
  const sizes = cover ? SHOWN_WIDTHS[shownAs] : undefined;
  const image = src && failedSrc !== src && (
    <img
      src={src}
      srcSet={srcSet('jpg')}
      sizes={sizes}
      width={size.width}
      height={size.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager && shownAs === 'page' ? 'high' : undefined}
      onError={() => setFailedSrc(src)}
    />
  );
  return (
    <div className={`cover ${className}`}>
      {image && cover ? (
        <picture>
          {COVER_FORMATS.filter((format) => format !== 'jpg').map((format) => (
            <source key={format} type={MEDIA_TYPES[format]} srcSet={srcSet(format)} sizes={sizes} />
          ))}
          {image}
        </picture>
      ) : (
        image || null
      )}
    </div>
  );
}
