import { useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router-dom';
import { Dialog } from '../design/Dialog';
import { ChevronDownIcon } from '../design/icons';
import { CartLink } from './CartLink';
import { useSession } from '../auth/AuthContext';
import { ACCOUNT_HREF, ADMIN_LINKS, ALL_BOOKS_HREF, BOOK_LINKS, MAIN_LINKS } from './links';

/**
 * The mobile side menu: Cart, a Books submenu, Courses, Journals, Contact us, Account & orders, and
 * Log out when signed in (`onSignOut` given); for an admin, the back office's screens too.
 */
export function SideMenu({ onClose, onSignOut }: { onClose: () => void; onSignOut?: () => void }) {
  const [booksOpen, setBooksOpen] = useState(false);
  const booksId = useId();
  const { isAdmin } = useSession();
  const { t } = useTranslation();

  return (
    <Dialog title={t('nav.menu')} onClose={onClose} variant="drawer" closeLabel={t('nav.closeMenu')}>
      <nav aria-label={t('nav.sideMenu')}>
        <ul className="side-menu__list">
          <li>
            <CartLink withText onNavigate={onClose} />
          </li>
          <li>
            <button
              type="button"
              className="side-menu__item side-menu__toggle"
              aria-expanded={booksOpen}
              aria-controls={booksId}
              onClick={() => setBooksOpen((o) => !o)}
            >
              {t('nav.books')} <ChevronDownIcon />
            </button>
            <ul id={booksId} className="side-menu__sublist" hidden={!booksOpen}>
              <li>
                <Link to={ALL_BOOKS_HREF} className="side-menu__subitem" onClick={onClose}>
                  {t('nav.allBooks')}
                </Link>
              </li>
              {BOOK_LINKS.map((c) => (
                <li key={c.name}>
                  <Link to={c.href} className="side-menu__subitem" onClick={onClose}>
                    {t(c.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
          {MAIN_LINKS.map((l) => (
            <li key={l.href}>
              <Link to={l.href} className="side-menu__item" onClick={onClose}>
                {t(l.label)}
              </Link>
            </li>
          ))}
          <li>
            <Link to={ACCOUNT_HREF} className="side-menu__item" onClick={onClose}>
              {t('nav.account')}
            </Link>
          </li>
          {isAdmin
            ? ADMIN_LINKS.map((l) => (
                <li key={l.href}>
                  <Link to={l.href} className="side-menu__item" onClick={onClose}>
                    {t(l.label)}
                  </Link>
                </li>
              ))
            : null}
          {onSignOut ? (
            <li>
              <button type="button" className="side-menu__item side-menu__logout" onClick={onSignOut}>
                {t('nav.logOut')}
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
    </Dialog>
  );
}
