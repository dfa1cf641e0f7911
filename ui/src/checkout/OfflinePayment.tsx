import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { placeOf } from './pay-place';
import { Link } from 'react-router-dom';
import type { NextStepData, OrderData } from '../api/checkout';
import { useFormat } from '../i18n/format';
import { orderTotal } from './charge';
import { isolateIn } from './isolate';

export type PayAt = Extract<NextStepData, { kind: 'offline' }>['payAt'];

const COPIED_MS = 3000;
const EXPIRY: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short' };

/**
 * A payment made away from the store against a reference (a kiosk's cash, an InstaPay transfer):
 * the reference large and copyable, where to pay, the exact amount the server fixed on the order,
 * and until when. Generic over the provider: it shows what `payAt` holds, and nothing else.
 */
export function OfflinePayment({ payAt, order }: { payAt: PayAt; order?: OrderData }) {
  const titleId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { t, i18n } = useTranslation('checkout');
  const format = useFormat();
  useEffect(() => () => clearTimeout(timer.current), []);
  const amount = order ? orderTotal(order) : undefined;
  const place = placeOf(payAt, t);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(payAt.reference);
      setCopied('yes');
    } catch {
      // no clipboard (an old browser, a refused permission): the number stays selectable
      setCopied('failed');
    }
    timer.current = setTimeout(() => setCopied(null), COPIED_MS);
  };

  return (
    <section className="offline-payment" aria-labelledby={titleId}>
      <h3 id={titleId} className="offline-payment__title">
        {place ? t('offline.payAt', { place: isolateIn(i18n.language, place) }) : t('offline.payAgainst')}
      </h3>
      <div className="offline-payment__reference">
        <span className="offline-payment__label" id={`${titleId}-reference`}>
          {t('offline.reference')}
        </span>
        <output className="offline-payment__number" aria-labelledby={`${titleId}-reference`}>
          {payAt.reference}
        </output>
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => void copy()}>
          {t('offline.copy')}
        </button>
        <span role="status" className="offline-payment__copied">
          {copied === 'yes' ? t('offline.copied') : copied === 'failed' ? t('offline.selectToCopy') : ''}
        </span>
      </div>
      <dl className="offline-payment__details">
        {place ? (
          <div>
            <dt>{t('offline.where')}</dt>
            <dd dir="auto">{place}</dd>
          </div>
        ) : null}
        {amount ? (
          <div>
            <dt>{t('offline.amount')}</dt>
            <dd data-testid="offline-amount">
              <bdi dir="ltr">{format.money(amount)}</bdi>
            </dd>
          </div>
        ) : null}
        {payAt.expiresAt ? (
          <div>
            <dt>{t('offline.before')}</dt>
            <dd>
              <time dateTime={payAt.expiresAt}>{format.date(payAt.expiresAt, EXPIRY)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="offline-payment__waits">
        {t('offline.waits')} <Link to="/user/profile">{t('offline.viewOrders')}</Link>
      </p>
    </section>
  );
}
