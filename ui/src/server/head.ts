import type { TFunction } from 'i18next';
import type { PublicProduct } from '../../../api/catalog';
import { authorsLine, metaDescription } from '../../../core/catalog/domain/display';
import { coverHeightAt, coverSizeAddress, coverWidths, uploadedCoverOf } from '../../../core/catalog/domain/cover-sizes';
import { currencyOf } from '../../../core/catalog/domain/pricing';
import { BRAND_NAME } from '../app/brand';
import type { PageHead } from '../app/rendered-page';
import { titleIn, descriptionIn } from '../catalog/localized';
import { pageTitle } from '../hooks/useDocumentMeta';
import { LANGUAGES, LOCALES, addressIn, type Language } from '../i18n/languages';
import type { PageRequest } from '../../../api/rendered-page';

/**
 * The head of a rendered page (issue 22): what a link preview (WhatsApp, Facebook) and a crawler read
 * without running the page. Every value is escaped: a product's title or description, whatever it
 * holds, stays text in an attribute, in the title and in the structured data.
 */

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * JSON inside a `<script>`: `<`, `>` and `&` written as escapes, so `</script>` or `<!--` in a value
 * cannot end the script; U+2028 and U+2029 too, which old parsers take for line ends.
 */
export const jsonInScript = (id: string | undefined, value: unknown, type = 'application/json'): string =>
  `<script type="${type}"${id ? ` id="${id}"` : ''}>${JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}</script>`;

const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}">`;

/** The query a page's address keeps: the listing's page and the search's words; anything else is the same page. */
const canonicalQuery = (search: string): string => {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of ['q', 'page']) {
    const value = given.get(name);
    if (value && !(name === 'page' && value === '1')) kept.set(name, value);
  }
  return kept.size ? `?${kept.toString()}` : '';
};

/**
 * The cover a link preview shows, with its pixels when known: an uploaded cover's widest JPEG size
 * (previews take JPEG, not AVIF); any other cover as it is.
 */
const sharedCover = (address: string): { readonly path: string; readonly width?: number; readonly height?: number } => {
  const cover = uploadedCoverOf(address);
  if (!cover?.width) return { path: address };
  const width = coverWidths(cover.width).at(-1)!;
  return { path: coverSizeAddress(cover.stem, width, 'jpg'), width, height: coverHeightAt(cover, width) };
};

/** schema.org's type for a product of the store's types: a book is a Book, a course a Course. */
const SCHEMA_TYPES: Readonly<Record<string, readonly string[]>> = { books: ['Product', 'Book'], courses: ['Product', 'Course'] };

const productData = (product: PublicProduct, page: PageRequest, address: string, image: string | undefined, t: TFunction) => {
  const currency = currencyOf(page.region);
  return {
    '@context': 'https://schema.org',
    '@type': SCHEMA_TYPES[product.category] ?? 'Product',
    '@id': address,
    name: titleIn(product, page.language).text,
    description: descriptionIn(product, page.language).text,
    url: address,
    sku: product._id,
    category: t(`category.title.${product.category}`, { defaultValue: product.category }),
    ...(image ? { image } : {}),
    ...(product.author.length ? { author: product.author.map((name) => ({ '@type': 'Person', name })) } : {}),
    ...(product.isbn ? { isbn: product.isbn } : {}),
    ...(product.category === 'books' && product.Pages ? { numberOfPages: product.Pages } : {}),
    offers: {
      '@type': 'Offer',
      url: address,
      price: (currency === 'EGP' ? product.egpprice : product.price).toFixed(2),
      priceCurrency: currency,
      availability: 'https://schema.org/InStock',
    },
  };
};

const breadcrumbData = (crumbs: NonNullable<PageHead['breadcrumbs']>, page: PageRequest, address: string) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: crumbs.map((crumb, index) => ({
    '@type': 'ListItem',
    position: index + 1,
    name: crumb.label,
    // The last crumb is the page itself.
    item: crumb.href ? `${page.origin}${addressIn(page.language, crumb.href)}` : address,
  })),
});

/** The head's tags for a rendered page, from what its components said while rendering. A page that is not there is not indexed. */
export const headOf = (head: PageHead, status: number, page: PageRequest, t: TFunction): string => {
  const product = head.product;
  const title = head.title ?? pageTitle('', t('brand.tagline'));
  const description = head.description ?? (product ? metaDescription(descriptionIn(product, page.language).text) : t('home.text'));
  if (status !== 200 || page.own) return `<title>${escapeHtml(title)}</title>${meta('name', 'robots', 'noindex')}`;
  const query = canonicalQuery(page.search);
  const address = `${page.origin}${addressIn(page.language, page.path)}${query}`;
  const given = product?.covers[0] ?? product?.smallCover[0];
  const cover = given ? sharedCover(given) : undefined;
  const image = cover ? new URL(cover.path, page.origin).href : undefined;
  const shared = product ? titleIn(product, page.language).text : title;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(address)}">`,
    ...LANGUAGES.map((language: Language) => `<link rel="alternate" hreflang="${language}" href="${escapeHtml(`${page.origin}${addressIn(language, page.path)}${query}`)}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(`${page.origin}${page.path}${query}`)}">`,
    meta('property', 'og:site_name', BRAND_NAME),
    meta('property', 'og:type', product ? 'product' : 'website'),
    meta('property', 'og:title', shared),
    meta('property', 'og:description', description),
    meta('property', 'og:url', address),
    meta('property', 'og:locale', LOCALES[page.language].slice(0, 5).replace('-', '_')),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', shared),
    meta('name', 'twitter:description', description),
  ];
  if (image) tags.push(meta('property', 'og:image', image), meta('property', 'og:image:alt', t('product.coverOf', { title: shared })), meta('name', 'twitter:image', image));
  if (cover?.width && cover.height) tags.push(meta('property', 'og:image:width', cover.width), meta('property', 'og:image:height', cover.height));
  if (product) {
    const currency = currencyOf(page.region);
    tags.push(
      meta('property', 'product:price:amount', (currency === 'EGP' ? product.egpprice : product.price).toFixed(2)),
      meta('property', 'product:price:currency', currency),
    );
    if (product.author.length) tags.push(meta('name', 'author', authorsLine(product.author)));
    tags.push(jsonInScript(undefined, productData(product, page, address, image, t), 'application/ld+json'));
  }
  if (head.breadcrumbs?.length) tags.push(jsonInScript(undefined, breadcrumbData(head.breadcrumbs, page, address), 'application/ld+json'));
  return tags.join('');
};
