import { formatMoney } from '../../../core/shared/money';
import type { PublicProduct } from '../../../api/catalog';
import { priceShown } from './prices';
import { Skeleton } from '../design/Skeleton';
import { useCurrency } from '../location/CurrencyContext';

/** The price in the visitor's currency (or 'Free'); a placeholder until the region is known. */
export function Price({ product, className = '' }: { product: Pick<PublicProduct, 'price' | 'egpprice'>; className?: string }) {
  const { region, loading } = useCurrency();
  if (loading) {
    return (
      <span className={`price ${className}`}>
        <Skeleton style={{ width: '4.5em', height: '1em', display: 'inline-block' }} />
        <span className="visually-hidden">Loading price</span>
      </span>
    );
  }
  const text = formatMoney(priceShown(product, region));
  return <span className={`price ${className} ${text === 'Free' ? 'price--free' : ''}`}>{text}</span>;
}
