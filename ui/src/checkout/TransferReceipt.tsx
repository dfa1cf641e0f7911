import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { ApiError, call } from '../api/client';
import { Alert } from '../design/Alert';
import { useFormat } from '../i18n/format';
import './transfer-receipt.css';

const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;

export interface TransferReceiptProps {
  readonly orderId: string;
  readonly payAt: { readonly reference: string; readonly payTo?: string; readonly expiresAt?: string };
  /** The exact amount, as the order charges it: 'EGP 1,300'. */
  readonly amount?: string;
  /**
   * Whether to say where to pay, how much and against what; false where the screen says it already
   * (the checkout's offline panel, the profile's order): then only the upload.
   */
  readonly details?: boolean;
}

type Sending = { state: 'idle' } | { state: 'sending' } | { state: 'sent'; message: string } | { state: 'failed'; message: string };

/**
 * A transfer made by hand (InstaPay, wallet to wallet): where to send the exact amount, the
 * reference to write in the transfer's note, and the upload of its receipt, which the store checks
 * (an image, 10 MB at most) and keeps for the admin's eyes only. Shown by the checkout's offline
 * panel and by the profile's order while the transfer waits; a second receipt replaces the first.
 */
export function TransferReceipt({ orderId, payAt, amount, details = true }: TransferReceiptProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const { t } = useTranslation('checkout');
  const format = useFormat();

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setSending({ state: 'failed', message: t('receipt.choose') });
    // Said before 10 MB cross the network; the server checks again, and checks the content.
    if (file.size > MAX_RECEIPT_BYTES) return setSending({ state: 'failed', message: t('receipt.tooBig') });
    const form = new FormData();
    form.append('receipt', file, file.name);
    setSending({ state: 'sending' });
    try {
      const answer = await call('sendReceipt', { params: { orderId }, body: form });
      setSending({ state: 'sent', message: answer.message });
    } catch (error) {
      setSending({ state: 'failed', message: error instanceof ApiError && error.fromServer ? error.message : t('receipt.failed') });
    }
  };

  return (
    <section className="transfer-receipt" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="transfer-receipt__title">
        {details ? t('receipt.payByTransfer') : t('receipt.sendTitle')}
      </h3>
      {details ? (
        <dl className="transfer-receipt__details">
          {amount ? (
            <>
              <dt>{t('receipt.sendExactly')}</dt>
              <dd>
                <strong>
                  <bdi dir="ltr">{amount}</bdi>
                </strong>
              </dd>
            </>
          ) : null}
          {payAt.payTo ? (
            <>
              <dt>{t('receipt.to')}</dt>
              <dd dir="auto">{payAt.payTo}</dd>
            </>
          ) : null}
          <dt>{t('receipt.reference')}</dt>
          <dd>
            <code>{payAt.reference}</code>
          </dd>
          {payAt.expiresAt ? (
            <>
              <dt>{t('receipt.before')}</dt>
              <dd>{format.date(payAt.expiresAt, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <form className="transfer-receipt__form" onSubmit={(e) => void send(e)} noValidate>
        <label htmlFor={`${id}-file`}>{t('receipt.file')}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setSending({ state: 'idle' });
          }}
        />
        <p id={`${id}-hint`} className="transfer-receipt__hint">
          {t('receipt.hint')}
        </p>
        <button type="submit" className="btn btn--primary btn--sm" disabled={sending.state === 'sending'}>
          {sending.state === 'sending' ? t('receipt.sending') : sending.state === 'sent' ? t('receipt.sendAnother') : t('receipt.send')}
        </button>
      </form>
      {sending.state === 'sent' ? (
        <Alert tone="success">
          <p>{sending.message}</p>
        </Alert>
      ) : sending.state === 'failed' ? (
        <Alert tone="error">
          <p>{sending.message}</p>
        </Alert>
      ) : null}
    </section>
  );
}
