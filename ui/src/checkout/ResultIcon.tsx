import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';

/** The result page's icon, shown after a short pause (spec section 2: 0.8 s on success, 0.6 s on failure). */
export function ResultIcon({ kind, delayMs }: { kind: 'success' | 'failure'; delayMs: number }) {
  const [shown, setShown] = useState(false);
  const { t } = useTranslation('checkout');
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!shown) return <div className="payment-result__icon-slot" aria-hidden="true" />;
  const success = kind === 'success';
  return (
    <svg
      className="payment-result__icon"
      viewBox="0 0 84 84"
      role="img"
      aria-label={success ? t('result.success') : t('result.failure')}
      fill="none"
      strokeWidth={6}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="42" cy="42" r="38" fill={success ? 'var(--color-success-bg)' : 'var(--color-danger-bg)'} />
      <g stroke={success ? 'var(--color-success-fg)' : 'var(--color-danger-fg)'}>
        {success ? <path d="m26 43 11 11 22-24" /> : <path d="m30 30 24 24m0-24L30 54" />}
      </g>
    </svg>
  );
}
