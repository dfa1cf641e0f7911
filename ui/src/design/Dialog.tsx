import { Suspense, useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { CloseIcon } from './icons';

/**
 * A modal dialog (centred card) or drawer (side panel). Focus moves to the close button on open and
 * stays inside until it closes (Escape, the close button or a click on the backdrop); the page
 * behind does not scroll. The opener is responsible for putting focus back.
 */
export function Dialog({
  title,
  onClose,
  variant = 'dialog',
  hideTitle = false,
  closeLabel,
  wide = false,
  children,
}: {
  title: string;
  onClose: () => void;
  variant?: 'dialog' | 'drawer';
  hideTitle?: boolean;
  closeLabel?: string;
  /** a dialog for a long form: wider, and as tall as the window allows */
  wide?: boolean;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    closeButton.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const focusable = panel.current.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    // The backdrop is only a surface (role="presentation"): a click on it is a mouse shortcut for the
    // close button, and the panel's keys (Escape, the Tab trap) reach its handler as they bubble.
    <div
      role="presentation"
      className={`dialog-backdrop ${variant === 'drawer' ? 'dialog-backdrop--drawer' : ''}`}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={onKeyDown}
    >
      <div
        ref={panel}
        className={variant === 'drawer' ? 'drawer' : `dialog ${wide ? 'dialog--wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className={`dialog__header ${variant === 'drawer' ? 'dialog__header--drawer' : ''}`}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
            {title}
          </h2>
          <button ref={closeButton} type="button" className="btn btn--ghost btn--icon" onClick={onClose}>
            <CloseIcon />
            <span className="visually-hidden">
              {closeLabel ?? (
                <Suspense fallback={null}>
                  <CloseLabel />
                </Suspense>
              )}
            </span>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/**
 * The close button's default name, from the 'pages' catalogue. Only a dialog without its own label
 * asks for it (the side menu names its button itself, so the home page never loads that catalogue),
 * and while the catalogue arrives only this word waits, not the dialog around it.
 */
function CloseLabel() {
  const { t } = useTranslation('pages');
  return t('design.close');
}
