import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { AdminOrder } from '../api/admin';
import { adminApi } from '../api/admin';
import { ApiError } from '../api/client';
import { Alert } from '../design/Alert';
import { useFormat } from '../i18n/format';

type Decided = { readonly status: AdminOrder['status']; readonly message: string };

/**
 * A pending transfer in Customer Orders (issue 18, item 4): the buyer's receipt (a thumbnail that
 * opens the image, reached through the admin's own call), then Approve, or Reject with the reason
 * the buyer is e-mailed. Once decided, only what the decision said stays; other transfers show nothing.
 */
export function TransferDecision({ order, onDecided }: { order: AdminOrder; onDecided: (status: AdminOrder['status']) => void }) {
  const id = useId();
  const { t } = useTranslation('admin');
  const { date } = useFormat();
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const decide = async (decision: () => Promise<Decided>) => {
    setBusy(true);
    setOutcome(null);
    try {
      const decided = await decision();
      setOutcome({ tone: 'success', text: decided.message });
      onDecided(decided.status);
    } catch (error) {
      setOutcome({ tone: 'error', text: error instanceof ApiError && error.fromServer ? error.message : t('transfer.failed') });
    } finally {
      setBusy(false);
    }
  };
  const approve = () => void decide(async () => {
    const r = await adminApi.approveTransfer(order._id);
    return { status: r.status as AdminOrder['status'], message: r.message };
  });
  const reject = (e: FormEvent) => {
    e.preventDefault();
    void decide(async () => {
      const r = await adminApi.rejectTransfer(order._id, reason);
      return { status: r.status as AdminOrder['status'], message: r.message };
    });
  };

  const said = outcome ? (
    <Alert tone={outcome.tone}>
      <p>{outcome.text}</p>
    </Alert>
  ) : null;
  if (order.status !== 'pending') return said;

  return (
    <div className="transfer-decision" aria-label={t('transfer.label')}>
      {order.receipt ? (
        <a className="transfer-decision__receipt" href={order.receipt.url} target="_blank" rel="noopener noreferrer">
          <img src={order.receipt.url} alt={t('transfer.receiptOf', { number: order.number })} width={96} height={96} loading="lazy" />
          <span>{t('transfer.openReceipt', { date: date(order.receipt.uploadedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}</span>
        </a>
      ) : (
        <p className="transfer-decision__none">{t('transfer.noReceipt')}</p>
      )}
      <div className="transfer-decision__actions">
        <button type="button" className="btn btn--sm" disabled={busy} onClick={approve}>
          {t('transfer.approve')}
        </button>
        <button type="button" className="btn btn--secondary btn--sm" disabled={busy} onClick={() => setRejecting((r) => !r)} aria-expanded={rejecting}>
          {t('transfer.reject')}
        </button>
      </div>
      {rejecting ? (
        <form className="transfer-decision__reject" onSubmit={reject}>
          <label htmlFor={`${id}-reason`}>{t('transfer.reason')}</label>
          <textarea id={`${id}-reason`} value={reason} maxLength={500} rows={2} onChange={(e) => setReason(e.target.value)} />
          <button type="submit" className="btn btn--secondary btn--sm" disabled={busy}>
            {t('transfer.rejectTransfer')}
          </button>
        </form>
      ) : null}
      {said}
    </div>
  );
}
