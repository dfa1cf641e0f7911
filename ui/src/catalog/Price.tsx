import { useTranslation } from '../i18n/use-translation';
import { isFree } from '../../../core/shared/money';
import { useFormat } from '../i18n/format';
import type { PublicProduct } from '../../../api/catalog';
import { priceShown } from './prices';
import { Skeleton } from '../design/Skeleton';
import { useCurrency } from '../location/CurrencyContext';

/** The price in the visitor's currency (or 'Free'); a placeholder until the region is known. */
export function Price({ product, className = '' }: { product: Pick<PublicProduct, 'price' | 'egpprice'>; className?: string }) {
  const { region, loading } = useCurrency();
  const { t } = useTranslation();
  const format = useFormat();
  if (loading) {
    return (
      <span className={`price ${className}`}>
        <Skeleton style={{ width: '4.5em', height: '1em', display: 'inline-block' }} />
        <span className="visually-hidden">{t('loadingPrice')}</span>
      </span>
    );
  }
  const shown = priceShown(product, region);
  // A price is a number in any language: it keeps its own direction inside Arabic text.
  return (
    <bdi dir="ltr" className={`price ${className} ${isFree(shown) ? 'price--free' : ''}`}>{format.money(shown)}</bdi>
  );
}
