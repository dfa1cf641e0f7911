import { useTranslation } from '../i18n/use-translation';
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
import { descriptionIn, usePageLanguage, titleIn } from '../catalog/localized';
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
import { useServerRender } from '../app/rendered-page';
import { useViewportWidth } from '../hooks/useViewportWidth';
import { bookCategoryHref, categoryLabel, productTypeHref } from '../layout/links';
import { CartButtons } from '../cart/CartButtons';

/** How many recommended products one page of the grid shows (a UI choice: two rows of four). */
export const RECOMMENDED_PAGE_SIZE = 8;

function DetailsTable({ product }: { product: Product }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t('product.size'), formatSize(product.size)],
    [t('product.pages'), product.Pages],
  ];
  // The editor leaves these optional: a row with nothing in it says nothing.
  if (product.Language) rows.push([t('product.language'), t(`productLanguage.${product.Language}`, { defaultValue: product.Language })]);
  if (product.format) rows.push([t('product.format'), formatLabel(product.format)]);
  if (product.year) rows.push([t('product.year'), product.year]);
  if (product.isbn) rows.push([t('product.isbn'), product.isbn]);
  if (product.eISBN) rows.push([t('product.eisbn'), product.eISBN]);
  if (product.duration) rows.push([t('product.duration'), product.duration]);
  if (product.videonumbers) rows.push([t('product.videos'), product.videonumbers]);
  if (product.subcategory.length > 0)
    rows.push([
      t('product.bookCategories'),
      <ul className="chip-list" key="cats">
        {product.subcategory.map((c) => (
          <li key={c}>
            <Link className="chip" to={bookCategoryHref(c)}>
              {t(categoryLabel(c), { defaultValue: c })}
            </Link>
          </li>
        ))}
      </ul>,
    ]);
  return (
    <table className="data-table">
      <caption className="visually-hidden">{t('product.details')}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {/* A text keeps its own direction: "148 MB" or an ISBN stays in its order on a right-to-left page. */}
            <td>{typeof value === 'string' || typeof value === 'number' ? <bdi>{value}</bdi> : value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ProductView({ product }: { product: Product }) {
  const mobile = useViewportWidth(isMobileWidth);
  const { t } = useTranslation();
  const language = usePageLanguage();
  const title = titleIn(product, language);
  const description = descriptionIn(product, language);
  useDocumentMeta(title.text, metaDescription(description.text));
  return (
    <article className="product" aria-labelledby="product-title">
      <div className="product__media">
        <CoverImage src={product.covers[0] ?? product.smallCover[0]} alt={t('product.coverOf', { title: title.text })} className="product__cover" eager shownAs="page" />
      </div>
      <div className="product__info">
        <span className="eyebrow">{t(`category.title.${product.category}`, { defaultValue: product.category })}</span>
        <h1 id="product-title" className="product__title" lang={title.lang} dir={title.dir}>
          {title.text}
        </h1>
        {product.author.length > 0 ? (
          <p className="product__authors">
            <span className="visually-hidden">{t('product.authors')} </span>
            <bdi>{authorsLine(product.author)}</bdi>
          </p>
        ) : null}
        <div className="product__buy card card--padded">
          <p className="product__price">
            <span className="visually-hidden">{t('product.price')} </span>
            <Price product={product} />
          </p>
          <CartButtons productId={product._id} />
          <p className="product__note">{t('product.delivery')}</p>
        </div>
        <section className="product__section" aria-labelledby="description-title">
          <h2 id="description-title" className="product__section-title">
            {t('product.description')}
          </h2>
          <CollapsibleText text={description.text} lang={description.lang} dir={description.dir} lines={mobile ? DESCRIPTION_LINES.mobile : DESCRIPTION_LINES.desktop} />
        </section>
        <section className="product__section" aria-labelledby="details-title">
          <h2 id="details-title" className="product__section-title">
            {t('product.detailsTitle')}
          </h2>
          <DetailsTable product={product} />
        </section>
      </div>
    </article>
  );
}

function RelatedProducts({ product }: { product: Product }) {
  const { t } = useTranslation();
  const remote = useRemote(`related:${product._id}`, () => api.related(product.category, product._id, RELATED_COUNT));
  if (remote.status === 'error' || (remote.status === 'success' && remote.data.length === 0)) return null;
  return (
    <section className="listing-section" aria-labelledby="related-title">
      <h2 id="related-title">{t('product.related')}</h2>
      {remote.status === 'loading' ? (
        <ProductGridSkeleton count={RELATED_COUNT} compact />
      ) : (
        <ProductGrid products={remote.data.slice(0, RELATED_COUNT)} titleOf={relatedCardTitle} label={t('product.related')} compact eagerCovers={0} />
      )}
    </section>
  );
}

function RecommendedProducts() {
  const page = usePageParam();
  const { t } = useTranslation();
  const remote = useRemote(`recommended:${page}`, () => api.recommended(page, RECOMMENDED_PAGE_SIZE));
  if (remote.status === 'error') return null;
  return (
    <section className="listing-section" aria-labelledby="recommended-title" id="recommended">
      <h2 id="recommended-title">{t('product.recommended')}</h2>
      {remote.status === 'loading' ? (
        <ProductGridSkeleton count={RECOMMENDED_PAGE_SIZE} compact />
      ) : (
        <>
          <ProductGrid products={remote.data.products} titleOf={recommendedCardTitle} label={t('product.recommendedProducts')} compact eagerCovers={0} />
          <Pager page={page} totalPages={remote.data.totalPages} label={t('product.recommendedPages')} scrollToId="recommended" />
        </>
      )}
    </section>
  );
}

function ProductSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="product" role="status" aria-live="polite">
      <span className="visually-hidden">{t('product.loading')}</span>
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
  const { t } = useTranslation();
  const language = usePageLanguage();
  useDocumentMeta(notFound ? t('product.notFound') : remote.status === 'error' ? t('product.meta') : undefined);
  const server = useServerRender();
  if (server && remote.status === 'success') server.head.product = remote.data;

  if (remote.status === 'error') {
    return (
      <div className="container page">
        {notFound ? (
          <ProductNotFound />
        ) : (
          <Alert tone="error">
            <p>{t('product.failed')}</p>
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
              { label: t('nav.home'), href: '/' },
              { label: t(`category.title.${remote.data.category}`, { defaultValue: remote.data.category }), href: productTypeHref(remote.data.category) },
              { label: titleIn(remote.data, language).text },
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
