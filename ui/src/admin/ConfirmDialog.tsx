import { useRef, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Dialog } from '../design/Dialog';

/**
 * Asks before an action that cannot be taken back in one click (issue 21): the question, what it
 * will do, and a confirm button that names it. Nothing happens until that button is pressed.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  busy = false,
  disabled = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={title} onClose={onCancel}>
      <div className="confirm">
        {children}
        <div className="confirm__actions">
          <button ref={cancel} type="button" className="btn btn--ghost" onClick={onCancel}>
            {t('confirm.cancel')}
          </button>
          <button type="button" className={`btn ${danger ? 'btn--secondary btn--danger' : 'btn--accent'}`} disabled={busy || disabled} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
