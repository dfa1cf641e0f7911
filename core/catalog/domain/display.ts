/**
 * Display rules of the spec, written once: the server uses them (meta description, related count,
 * the home page's first read) and the UI imports them (cards, product page). Other breakpoints,
 * page sizes and timings live in ui/.
 */

/** The widest phone of spec section 9: below 768 px. */
export const MOBILE_MAX_WIDTH = 767;
/** The home page's products a page: 14 on a phone, else 15. */
export const homePageSize = (viewportWidth: number): number => (viewportWidth <= MOBILE_MAX_WIDTH ? 14 : 15);

/** Cuts `text` longer than `limit` to its first `keep` characters plus '...'. */
export const truncate = (text: string, limit: number, keep: number = limit): string =>
  text.length > limit ? `${text.slice(0, keep)}...` : text;

/** Category cards: over 68 characters, the first 65 plus '...'. */
export const categoryCardTitle = (title: string): string => truncate(title, 68, 65);
/** Recommended grid: 68 characters then '...'. */
export const recommendedCardTitle = (title: string): string => truncate(title, 68);
/** Related products: 50 characters then '...'. */
export const relatedCardTitle = (title: string): string => truncate(title, 50);

/** The page's meta description is cut at 150 characters. */
export const metaDescription = (description: string): string => description.slice(0, 150);

/** 1000 MB or more shows in Gb with one decimal, otherwise in Mb. */
export const formatSize = (megabytes: number): string =>
  megabytes >= 1000 ? `${(megabytes / 1000).toFixed(1)} Gb` : `${megabytes} Mb`;

export const authorsLine = (authors: readonly string[]): string => authors.join(', ');

/** Formats are shown upper-case. */
export const formatLabel = (format: string): string => format.toUpperCase();

/** Related Products shows 4 cards; the related call answers 4 unless asked otherwise (spec section 9). */
export const RELATED_COUNT = 4;
