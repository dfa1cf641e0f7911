import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { ApiError } from '../api/client';
import { deliveryApi, sizeText, type OrderDownloads } from '../api/delivery';
import { useFormat } from '../i18n/format';
import './delivery.css';

const WHEN: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' };

/**
 * Customer Orders' disclosure per order (issue 19): each product's completed downloads of its
 * limit, with a reset, and every response the order's links served. Loaded when opened.
 */
export function OrderDownloadsLog({ orderId }: { orderId: string }) {
  const [log, setLog] = useState<OrderDownloads | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { t } = useTranslation('account');
  const format = useFormat();

  const load = async () => {
    setProblem(null);
    try {
      setLog(await deliveryApi.orderDownloads(orderId));
    } catch (error) {
      setProblem(error instanceof ApiError && error.fromServer ? error.message : t('downloadsLog.failed'));
    }
  };

  const reset = async (productId: string) => {
    try {
      await deliveryApi.resetDownloads(orderId, productId);
      await load();
    } catch (error) {
      setProblem(error instanceof ApiError && error.fromServer ? error.message : t('downloadsLog.resetFailed'));
    }
  };

  const titleOf = (productId: string) => log?.lines.find((l) => l.productId === productId)?.title ?? productId;

  return (
    <details className="admin-order__downloads" onToggle={(e) => (e.currentTarget.open && !log ? void load() : undefined)}>
      <summary>{t('downloadsLog.summary')}</summary>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {log ? (
        <>
          <ul className="admin-order__download-lines" aria-label={t('downloadsLog.perProduct')}>
            {log.lines.map((line) => (
              <li key={line.productId}>
                <span dir="auto">{line.title}</span>{' '}
                <span>
                  {line.files > 0
                    ? t('downloadsLog.used', { count: line.used, limit: line.limit })
                    : line.link
                      ? t('downloadsLog.linkElsewhere')
                      : t('downloadsLog.nothing')}
                </span>
                {line.used > 0 ? (
                  <button type="button" className="btn btn--ghost btn--sm" onClick={() => void reset(line.productId)} aria-label={t('downloadsLog.resetTitle', { title: line.title })}>
                    {t('downloadsLog.reset')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {log.downloads.length === 0 ? (
            <p>{t('downloadsLog.none')}</p>
          ) : (
            <table className="admin-order__download-log">
              <thead>
                <tr>
                  <th>{t('downloadsLog.when')}</th>
                  <th>{t('downloadsLog.product')}</th>
                  <th>{t('downloadsLog.address')}</th>
                  <th>{t('downloadsLog.sent')}</th>
                  <th>{t('downloadsLog.completed')}</th>
                </tr>
              </thead>
              <tbody>
                {log.downloads.map((d, i) => (
                  <tr key={`${d.at}-${i}`}>
                    <td data-label={t('downloadsLog.when')}>{format.date(d.at, WHEN)}</td>
                    <td data-label={t('downloadsLog.product')} dir="auto">{titleOf(d.productId)}</td>
                    <td data-label={t('downloadsLog.address')} dir="ltr">{d.address}</td>
                    <td data-label={t('downloadsLog.sent')}>
                      <bdi>{sizeText(d.bytes)}</bdi>
                    </td>
                    <td data-label={t('downloadsLog.completed')}>
                      {d.purpose === 'read' ? t('downloadsLog.reading') : d.completed ? (d.counted ? t('downloadsLog.yes') : t('downloadsLog.yesReset')) : t('downloadsLog.no')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </details>
  );
}

/**
 * Products of the order that have neither a file nor a link: their delivery happens elsewhere. When
 * the store cannot tell, none: the question is a courtesy, and never stops a delivery.
 */
export const deliveredElsewhere = async (orderId: string): Promise<string[]> => {
  try {
    const { lines } = await deliveryApi.orderDownloads(orderId);
    return lines.filter((l) => l.files === 0 && !l.link).map((l) => l.title);
  } catch {
    return [];
  }
};
