import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { fromDecimal, type Currency } from '../../../core/shared/money';
import { adminApi, type RepricePreviewData } from '../api/admin';
import { useFormat } from '../i18n/format';
import { ConfirmDialog } from './ConfirmDialog';
import { messageOf } from './texts';

/**
 * Update Prices, shown before it is done (issue 21): the rate, how many products it reprices and
 * how many keep their EGP price, and a few prices before and after. The preview changes nothing;
 * only the confirm button calls the spec's updateproductprices.
 */
export function RepriceDialog({ busy, onConfirm, onCancel }: { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  const { money } = useFormat();
  const [preview, setPreview] = useState<RepricePreviewData | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const amount = (value: number, currency: Currency) => {
    const m = fromDecimal(value, currency);
    return m ? money(m) : '';
  };

  useEffect(() => {
    let live = true;
    adminApi.repricePreview().then(
      (p) => live && setPreview(p),
      (error: unknown) => live && setProblem(t('reprice.previewFailed') + messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, [t]);

  return (
    <ConfirmDialog title={t('reprice.title')} confirmLabel={t('reprice.apply')} busy={busy} disabled={!preview} onConfirm={onConfirm} onCancel={onCancel}>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : !preview ? (
        <p role="status">{t('reprice.checking')}</p>
      ) : (
        <div className="reprice-preview">
          <p>{t('reprice.rate', { rate: preview.egpPerUsd })}</p>
          <p>{t('reprice.count', { count: preview.products })}</p>
          <p>{t('reprice.kept', { count: preview.kept })}</p>
          {preview.examples.length === 0 ? (
            <p>{t('reprice.noChange')}</p>
          ) : (
            // scrolls on its own at 375 px rather than widening the dialog past the screen; by keyboard too,
            // which is why a region takes the focus (axe's scrollable-region-focusable)
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            <div className="reprice-preview__scroll" role="region" tabIndex={0} aria-label={t('reprice.examples')}>
              <table className="data-table reprice-preview__examples">
                <caption>{t('reprice.examples')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('reprice.product')}</th>
                    <th scope="col">{t('reprice.usd')}</th>
                    <th scope="col">{t('reprice.before')}</th>
                    <th scope="col">{t('reprice.after')}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.examples.map((e) => (
                    <tr key={e._id}>
                      <td dir="auto">{e.title}</td>
                      <td>{amount(e.price, 'USD')}</td>
                      <td>{amount(e.before, 'EGP')}</td>
                      <td>{amount(e.after, 'EGP')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </ConfirmDialog>
  );
}
