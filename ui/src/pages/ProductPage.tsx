import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  authorsLine,
  formatLabel,
  formatSize,
  metaDescription,
  RELATED_COUNT,
  recommendedCardTitle,
  relatedCardTitle,
} from '../../../core/catalog/domain/display';
import type { PublicProduct as Product } from '../../../api/catalog';
import { api, ApiError } from '../api/client';
import { Breadcrumbs } from '../catalog/Breadcrumbs';
import { DESCRIPTION_LINES } from '../catalog/display';
import { CollapsibleText } from '../catalog/CollapsibleText';
import { CoverImage } from '../catalog/CoverImage';
import { descriptionIn, pageLanguage, titleIn } from '../catalog/localized';
import { ProductNotFound } from '../catalog/ProductNotFound';
import { Pager } from '../catalog/Pager';
import { Price } from '../catalog/Price';
import { ProductGrid, ProductGridSkeleton } from '../catalog/ProductCard';
import { Alert } from '../design/Alert';
import { isMobileWidth } from '../design/layout';
import { Skeleton } from '../design/Skeleton';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { usePageParam } from '../hooks/usePageParam';
import { useRemote } from '../hooks/useRemote';
import { useViewportWidth } from '../hooks/useViewportWidth';
import { bookCategoryHref } from '../layout/links';
import { CartButtons } from '../cart/CartButtons';

/** How many recommended products one page of the grid shows (a UI choice: two rows of four). */
export const RECOMMENDED_PAGE_SIZE = 8;

const TYPE_TITLES: Record<string, string> = { books: 'Books', courses: 'Courses', journals: 'Journals' };

function DetailsTable({ product }: { product: Product }) {
  const rows: [string, ReactNode][] = [
    ['Size', formatSize(product.size)],
    ['Pages', product.Pages],
  ];
  // The editor leaves these optional: a row with nothing in it says nothing.
  if (product.Language) rows.push(['Language', product.Language]);
  if (product.format) rows.push(['Format', formatLabel(product.format)]);
  if (product.year) rows.push(['Year', product.year]);
  if (product.isbn) rows.push(['ISBN', product.isbn]);
  if (product.eISBN) rows.push(['eISBN', product.eISBN]);
  if (product.duration) rows.push(['Duration', product.duration]);
  if (product.videonumbers) rows.push(['Number of videos', product.videonumbers]);
  if (product.subcategory.length > 0)
    rows.push([
      'Book Categories',
      <ul className="chip-list" key="cats">
        {product.subcategory.map((c) => (
          <li key={c}>
            <Link className="chip" to={bookCategoryHref(c)}>
              {c}
            </Link>
          </li>
        ))}
      </ul>,
    ]);
  return (
    <table className="data-table">
      <caption className="visually-hidden">Product details</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ProductView({ product }: { product: Product }) {
  const mobile = isMobileWidth(useViewportWidth());
  const language = pageLanguage();
  const title = titleIn(product, language);
  const description = descriptionIn(product, language);
  useDocumentMeta(title.text, metaDescription(description.text));
  return (
    <article className="product" aria-labelledby="product-title">
      <div className="product__media">
        <CoverImage src={product.covers[0] ?? product.smallCover[0]} alt={`Cover of ${title.text}`} className="product__cover" eager />
      </div>
      <div className="product__info">
        <span className="eyebrow">{TYPE_TITLES[product.category] ?? product.category}</span>
        <h1 id="product-title" className="product__title" lang={title.lang} dir={title.dir}>
          {title.text}
        </h1>
        {product.author.length > 0 ? (
          <p className="product__authors">
            <span className="visually-hidden">Authors: </span>
            {authorsLine(product.author)}
          </p>
        ) : null}
        <div className="product__buy card card--padded">
          <p className="product__price">
            <span className="visually-hidden">Price: </span>
            <Price product={product} />
          </p>
          <CartButtons productId={product._id} />
          <p className="product__note">Digital delivery: your download link appears in your orders once the order is complete.</p>
        </div>
        <section className="product__section" aria-labelledby="description-title">
          <h2 id="description-title" className="product__section-title">
            Description
          </h2>
          <CollapsibleText text={description.text} lang={description.lang} dir={description.dir} lines={mobile ? DESCRIPTION_LINES.mobile : DESCRIPTION_LINES.desktop} />
        </section>
        <section className="product__section" aria-labelledby="details-title">
          <h2 id="details-title" className="product__section-title">
            Details
          </h2>
          <DetailsTable product={product} />
        </section>
      </div>
    </article>
  );
}

function RelatedProducts({ product }: { product: Product }) {
  const remote = useRemote(`related:${product._id}`, () => api.related(product.category, product._id, RELATED_COUNT));
  if (remote.status === 'error' || (remote.status === 'success' && remote.data.length === 0)) return null;
  return (
    <section className="listing-section" aria-labelledby="related-title">
      <h2 id="related-title">Related Products</h2>
      {remote.status === 'loading' ? (
        <ProductGridSkeleton count={RELATED_COUNT} compact />
      ) : (
        <ProductGrid products={remote.data.slice(0, RELATED_COUNT)} titleOf={relatedCardTitle} label="Related Products" compact />
      )}
    </section>
  );
}

function RecommendedProducts() {
  const page = usePageParam();
  const remote = useRemote(`recommended:${page}`, () => api.recommended(page, RECOMMENDED_PAGE_SIZE));
  if (remote.status === 'error') return null;
  return (
    <section className="listing-section" aria-labelledby="recommended-title" id="recommended">
      <h2 id="recommended-title">Recommended for you</h2>
      {remote.status === 'loading' ? (
        <ProductGridSkeleton count={RECOMMENDED_PAGE_SIZE} compact />
      ) : (
        <>
          <ProductGrid products={remote.data.products} titleOf={recommendedCardTitle} label="Recommended products" compact />
          <Pager page={page} totalPages={remote.data.totalPages} label="Recommended pages" scrollToId="recommended" />
        </>
      )}
    </section>
  );
}

function ProductSkeleton() {
  return (
    <div className="product" role="status" aria-live="polite">
      <span className="visually-hidden">Loading product…</span>
      <div className="product__media">
        <Skeleton className="product__cover" />
      </div>
      <div className="product__info" aria-hidden="true">
        <Skeleton className="skeleton--text" style={{ width: '20%' }} />
        <Skeleton className="skeleton--title" style={{ width: '85%', height: '2.2em' }} />
        <Skeleton className="skeleton--text" style={{ width: '45%' }} />
        <Skeleton style={{ height: '9rem', margin: '1.5rem 0', borderRadius: '16px' }} />
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="skeleton--text" />
        ))}
      </div>
    </div>
  );
}

export default function ProductPage() {
  const { id = '' } = useParams();
  const remote = useRemote(`product:${id}`, () => api.product(id));
  const notFound = remote.status === 'error' && remote.error instanceof ApiError && remote.error.status === 404;
  useDocumentMeta(notFound ? 'Product not found' : remote.status === 'error' ? 'Product' : undefined);

  if (remote.status === 'error') {
    return (
      <div className="container page">
        {notFound ? (
          <ProductNotFound />
        ) : (
          <Alert tone="error">
            <p>Failed to load product details</p>
          </Alert>
        )}
      </div>
    );
  }

  return (
    <div className="container page">
      {remote.status === 'success' ? (
        <>
          <Breadcrumbs
            items={[
              { label: 'Home', href: '/' },
              { label: TYPE_TITLES[remote.data.category] ?? remote.data.category, href: `/category/${remote.data.category}` },
              { label: remote.data.title },
            ]}
          />
          <ProductView product={remote.data} />
          <RelatedProducts product={remote.data} />
        </>
      ) : (
        <ProductSkeleton />
      )}
      <RecommendedProducts />
    </div>
  );
}
