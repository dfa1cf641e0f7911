import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router-dom';
import { authorsLine } from '../../../core/catalog/domain/display';
import type { PublicProduct as Product } from '../../../api/catalog';
import { CoverImage } from './CoverImage';
import { usePageLanguage, titleIn, type ShownText } from './localized';
import { Price } from './Price';
import { productHref } from '../layout/links';

/** A card's title is one level under the heading above its grid: h2 under a page's h1, h3 under a section's h2. */
export type CardHeading = 'h2' | 'h3';

/**
 * One product tile. The caller passes the title in the page's language (titleIn), already cut by
 * the core rule of its listing (category, recommended, related), so each listing keeps its own limit.
 */
export function ProductCard({
  product,
  title,
  eager = false,
  heading: Heading = 'h3',
}: {
  product: Product;
  title: ShownText;
  eager?: boolean;
  heading?: CardHeading;
}) {
  const cover = product.smallCover[0] ?? product.covers[0];
  const { t } = useTranslation();
  return (
    <article className="product-card">
      <Link to={productHref(product._id)} className="product-card__link">
        <CoverImage src={cover} alt={t('product.coverOf', { title: title.text })} className="product-card__cover" eager={eager} />
        <div className="product-card__body">
          <span className="product-card__type">{t(`type.${product.category}`, { defaultValue: product.category })}</span>
          <Heading className="product-card__title" lang={title.lang} dir={title.dir}>
            {title.text}
          </Heading>
          {product.author.length > 0 ? <span className="product-card__authors" dir="auto">{authorsLine(product.author)}</span> : null}
          <Price product={product} className="product-card__price" />
        </div>
      </Link>
    </article>
  );
}

export function ProductGrid({
  products,
  titleOf,
  label,
  compact = false,
  cardHeading,
  eagerCovers = 4,
}: {
  products: readonly Product[];
  titleOf: (title: string) => string;
  label?: string;
  compact?: boolean;
  cardHeading?: CardHeading;
  /** How many covers, from the first, are fetched with the page rather than when scrolled near: those of a grid at the top. */
  eagerCovers?: number;
}) {
  const language = usePageLanguage();
  return (
    <ul className={`product-grid ${compact ? 'product-grid--compact' : ''}`} aria-label={label}>
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} title={cut(titleIn(product, language), titleOf)} eager={index < eagerCovers} heading={cardHeading} />
        </li>
      ))}
    </ul>
  );
}

const cut = (title: ShownText, titleOf: (title: string) => string): ShownText => ({ ...title, text: titleOf(title.text) });

export function ProductGridSkeleton({ count, compact = false }: { count: number; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{t('loadingProducts')}</span>
      <ul className={`product-grid ${compact ? 'product-grid--compact' : ''}`} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <div className="product-card product-card--skeleton">
              <span className="skeleton product-card__cover" />
              <div className="product-card__body">
                <span className="skeleton skeleton--text" style={{ width: '30%' }} />
                <span className="skeleton skeleton--text" />
                <span className="skeleton skeleton--text" style={{ width: '75%' }} />
                <span className="skeleton skeleton--text" style={{ width: '40%' }} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
