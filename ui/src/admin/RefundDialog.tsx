import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { adminApi, type AdminOrder } from '../api/admin';
import { ApiError } from '../api/client';
import { Alert } from '../design/Alert';
import { Dialog } from '../design/Dialog';

/** The providers by the names owners know them (refund.provider in the catalogue); another registered provider shows its own name. */
const NAMED_PROVIDERS: readonly string[] = ['paypal', 'paymob', 'transfer'];

/**
 * The owner's refund of a paid order (issue 18): the products still owned, all ticked, each with
 * its price; the sum to give back through the order's provider is said before the owner confirms.
 * The refunded products' downloads stop at once, which the dialog says too.
 */
export function RefundDialog({
  order,
  format,
  onRefunded,
  onClose,
}: {
  order: AdminOrder;
  format: (value: number) => string;
  onRefunded: (result: { status: AdminOrder['status']; refunded: number; productIds: readonly string[] }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const owned = order.products.filter((p) => !p.refunded);
  const [chosen, setChosen] = useState<readonly string[]>(owned.map((p) => p._id));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // In minor units, as the server adds them: no 0.1 + 0.2 on money.
  const total = owned.filter((p) => chosen.includes(p._id)).reduce((sum, p) => sum + Math.round(p.price * 100), 0) / 100;

  const toggle = (id: string) => setChosen((now) => (now.includes(id) ? now.filter((c) => c !== id) : [...now, id]));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen.length || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await adminApi.refund(order._id, chosen.length === owned.length ? undefined : chosen);
      onRefunded({ ...result, productIds: chosen });
    } catch (error) {
      setProblem(error instanceof ApiError && error.fromServer ? error.message : t('refund.failed'));
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('refund.title', { number: order.number })} onClose={onClose}>
      <form className="refund-form" onSubmit={(e) => void submit(e)}>
        <fieldset>
          <legend className="field__label">{t('refund.products')}</legend>
          {owned.map((p) => (
            <label key={p._id} className="refund-form__line">
              <input type="checkbox" checked={chosen.includes(p._id)} onChange={() => toggle(p._id)} />
              <span dir="auto">{p.title}</span>
              <span className="refund-form__price">{format(p.price)}</span>
            </label>
          ))}
        </fieldset>
        <p className="refund-form__total">
          {chosen.length
            ? t('refund.goesBack', {
                amount: format(total),
                provider: NAMED_PROVIDERS.includes(order.provider) ? t(`refund.provider.${order.provider}`) : order.provider,
              })
            : t('refund.chooseOne')}{' '}
          {t('refund.downloadsStop')}
        </p>
        {problem ? (
          <Alert tone="error">
            <p>{problem}</p>
          </Alert>
        ) : null}
        <button type="submit" className="btn btn--secondary btn--danger btn--block" disabled={!chosen.length || busy}>
          {busy ? t('refund.refunding') : t('refund.submit', { amount: format(total) })}
        </button>
      </form>
    </Dialog>
  );
}
