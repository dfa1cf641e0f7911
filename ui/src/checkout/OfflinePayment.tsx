import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { NextStepData, OrderData } from '../api/checkout';
import { formatMoney } from '../../../core/shared/money';
import { orderTotal } from './charge';
import { OFFLINE_WAITS } from './messages';

export type PayAt = Extract<NextStepData, { kind: 'offline' }>['payAt'];

const COPIED_MS = 3000;
const expiryFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short' });

/**
 * A payment made away from the store against a reference (a kiosk's cash, an InstaPay transfer):
 * the reference large and copyable, where to pay, the exact amount the server fixed on the order,
 * and until when. Generic over the provider: it shows what `payAt` holds, and nothing else.
 */
export function OfflinePayment({ payAt, order }: { payAt: PayAt; order?: OrderData }) {
  const titleId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const amount = order ? orderTotal(order) : undefined;
  const expires = payAt.expiresAt ? new Date(payAt.expiresAt) : undefined;

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
        {payAt.payTo ? `Pay at ${payAt.payTo}` : 'Pay against this reference'}
      </h3>
      <div className="offline-payment__reference">
        <span className="offline-payment__label" id={`${titleId}-reference`}>
          Reference number
        </span>
        <output className="offline-payment__number" aria-labelledby={`${titleId}-reference`}>
          {payAt.reference}
        </output>
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => void copy()}>
          Copy reference
        </button>
        <span role="status" className="offline-payment__copied">
          {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Select the number to copy it' : ''}
        </span>
      </div>
      <dl className="offline-payment__details">
        {payAt.payTo ? (
          <div>
            <dt>Where to pay</dt>
            <dd>{payAt.payTo}</dd>
          </div>
        ) : null}
        {amount ? (
          <div>
            <dt>Amount</dt>
            <dd data-testid="offline-amount">{formatMoney(amount)}</dd>
          </div>
        ) : null}
        {expires ? (
          <div>
            <dt>Pay before</dt>
            <dd>
              <time dateTime={payAt.expiresAt}>{expiryFormat.format(expires)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="offline-payment__waits">
        {OFFLINE_WAITS} <Link to="/user/profile">View orders</Link>
      </p>
    </section>
  );
}
