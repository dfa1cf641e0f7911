import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { NAVBAR_DESKTOP_MIN_WIDTH } from '../design/layout';
import { BRAND_NAME } from '../app/brand';
import { useSession } from '../auth/AuthContext';
import { signInHref } from '../auth/origin';
import { Alert } from '../design/Alert';
import { HomeIcon, MenuIcon, ToothLogo, UserIcon } from '../design/icons';
import { useViewportWidth } from '../hooks/useViewportWidth';
import { BooksDropdown } from './BooksDropdown';
import { LanguageChooser } from './LanguageChooser';
import { CartLink } from './CartLink';
import { ACCOUNT_HREF, MAIN_LINKS } from './links';
import { SearchBox } from './SearchBox';
import { SideMenu } from './SideMenu';
import { useSignOut } from './useSignOut';

// the dialog's forms load when it first opens, keeping them out of the home page's bundle
const SignInDialog = lazy(() => import('../auth/SignInDialog'));

function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="brand">
      <ToothLogo size={compact ? 30 : 36} />
      <span className="brand__name">{BRAND_NAME}</span>
    </Link>
  );
}

/** Desktop account area: 'Hi. sign in' opens the sign-in dialog; signed in, the user name and sign-out. */
function DesktopAccount({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [dialogOpen, setDialogOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const accountLink = useRef<HTMLAnchorElement>(null);
  const close = useCallback(() => {
    setDialogOpen(false);
    // after signing in, the opener has given way to the account link
    (opener.current ?? accountLink.current)?.focus();
  }, []);
  // the dialog stays open across the sign-in it causes, so its welcome message can show
  const dialog = dialogOpen ? (
    <Suspense fallback={null}>
      <SignInDialog onClose={close} />
    </Suspense>
  ) : null;
  return (
    <>
      {user ? (
        <div className="nav-account-group">
          <Link ref={accountLink} to={ACCOUNT_HREF} className="nav-account" title={t('nav.account')}>
            <UserIcon />
            <span className="nav-account__name">{user.username}</span>
          </Link>
          <button type="button" className="nav-account nav-signout" onClick={onSignOut}>
            {t('nav.signOut')}
          </button>
        </div>
      ) : (
        <button ref={opener} type="button" className="nav-account" aria-haspopup="dialog" onClick={() => setDialogOpen(true)}>
          <UserIcon />
          <span>{t('nav.hiSignIn')}</span>
        </button>
      )}
      {dialog}
    </>
  );
}

function DesktopNav({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="navbar__top">
        <div className="container navbar__row">
          <Brand />
          <SearchBox className="navbar__search" />
          <DesktopAccount onSignOut={onSignOut} />
          <LanguageChooser />
          <CartLink withText />
        </div>
      </div>
      <nav className="navbar__links" aria-label={t('nav.catalogue')}>
        <div className="container navbar__links-row">
          <BooksDropdown />
          {MAIN_LINKS.map((l) => (
            <NavLink key={l.href} to={l.href} className="nav-link">
              {t(l.label)}
            </NavLink>
          ))}
        </div>
      </nav>
    </>
  );
}

function MobileNav({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  return (
    <div className="navbar__top">
      <div className={`container navbar__row navbar__row--mobile ${user ? 'navbar__row--signed-in' : ''}`}>
        <button
          ref={menuButton}
          type="button"
          className="nav-icon-button"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
          <span className="visually-hidden">{t('nav.openMenu')}</span>
        </button>
        <Link to="/" className="nav-icon-button" aria-label={t('nav.home')}>
          <HomeIcon />
        </Link>
        <Brand compact />
        {/* two controls, not one that changes: the account link replacing 'Sign in' when the check
            answers is then a new element, not one that moves (a layout shift) */}
        {user ? (
          <Link key="account" to={ACCOUNT_HREF} className="nav-signin nav-signin--user" title={t('nav.account')}>
            <UserIcon />
            <span className="nav-account__name">{user.username}</span>
          </Link>
        ) : (
          <Link key="sign-in" to={signInHref(location)} className="nav-signin">
            {t('nav.signIn')}
          </Link>
        )}
        <LanguageChooser />
        <CartLink />
      </div>
      <div className="container navbar__search-row">
        <SearchBox className="navbar__search" />
      </div>
      {menuOpen ? (
        <SideMenu
          onClose={close}
          onSignOut={
            user
              ? () => {
                  setMenuOpen(false);
                  onSignOut();
                }
              : undefined
          }
        />
      ) : null}
    </div>
  );
}

export function NavBar() {
  const desktop = useViewportWidth((width) => width >= NAVBAR_DESKTOP_MIN_WIDTH);
  const { signOut, error } = useSignOut();
  const onSignOut = () => void signOut();
  return (
    <header className="navbar">
      {desktop ? <DesktopNav onSignOut={onSignOut} /> : <MobileNav onSignOut={onSignOut} />}
      {error ? (
        <div className="navbar__toast">
          <Alert tone="error">
            <p>{error}</p>
          </Alert>
        </div>
      ) : null}
    </header>
  );
}
