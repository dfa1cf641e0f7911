import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useLocation } from 'react-router-dom';
import { ChevronDownIcon } from '../design/icons';
import { ALL_BOOKS_HREF, BOOK_LINKS } from './links';

/** Desktop 'Books' disclosure listing the fixed book categories. */
export function BooksDropdown() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const { t } = useTranslation();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="books-dropdown" ref={root}>
      <button
        ref={button}
        type="button"
        className="nav-link nav-link--button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {t('nav.books')} <ChevronDownIcon />
      </button>
      <div id={panelId} className="books-dropdown__panel" hidden={!open}>
        <Link to={ALL_BOOKS_HREF} className="books-dropdown__all" onClick={() => setOpen(false)}>
          {t('nav.allBooks')}
        </Link>
        <ul className="books-dropdown__list" aria-label={t('nav.bookCategories')}>
          {BOOK_LINKS.map((c) => (
            <li key={c.name}>
              <Link to={c.href} onClick={() => setOpen(false)}>
                {t(c.label)}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
