import { Link } from 'react-router-dom';
import { authorsLine } from '../../../core/catalog/domain/display';
import type { PublicProduct as Product } from '../../../api/catalog';
import { CoverImage } from './CoverImage';
import { Price } from './Price';

const TYPE_LABEL: Record<Product['category'], string> = { books: 'Book', courses: 'Course', journals: 'Journal' };

/**
 * One product tile. The caller passes the title already cut by the core rule of its listing
 * (category, recommended, related), so each listing keeps its own limit.
 */
export function ProductCard({ product, title, eager = false }: { product: Product; title: string; eager?: boolean }) {
  const cover = product.smallCover[0] ?? product.covers[0];
  return (
    <article className="product-card">
      <Link to={`/product/${product._id}`} className="product-card__link">
        <CoverImage src={cover} alt={`Cover of ${product.title}`} className="product-card__cover" eager={eager} />
        <div className="product-card__body">
          <span className="product-card__type">{TYPE_LABEL[product.category] ?? product.category}</span>
          <h3 className="product-card__title">{title}</h3>
          {product.author.length > 0 ? <span className="product-card__authors">{authorsLine(product.author)}</span> : null}
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
}: {
  products: readonly Product[];
  titleOf: (title: string) => string;
  label?: string;
  compact?: boolean;
}) {
  return (
    <ul className={`product-grid ${compact ? 'product-grid--compact' : ''}`} aria-label={label}>
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} title={titleOf(product.title)} eager={index < 4} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count, compact = false }: { count: number; compact?: boolean }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">Loading products…</span>
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
