import { useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { NAVBAR_DESKTOP_MIN_WIDTH } from '../../../core/catalog/domain/display';
import { BRAND_NAME } from '../app/brand';
import { GlobeIcon, HomeIcon, MenuIcon, ToothLogo, UserIcon } from '../design/icons';
import { useViewportWidth } from '../hooks/useViewportWidth';
import { BooksDropdown } from './BooksDropdown';
import { CartLink } from './CartLink';
import { MAIN_LINKS, SIGN_IN_HREF } from './links';
import { SearchBox } from './SearchBox';
import { SideMenu } from './SideMenu';

const LANGUAGES = ['en', 'pt', 'es', 'ar'] as const;

function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="brand">
      <ToothLogo size={compact ? 30 : 36} />
      <span className="brand__name">{BRAND_NAME}</span>
    </Link>
  );
}

/** The language chooser is display only for now: it remembers the choice but changes nothing. */
function LanguageChooser() {
  const [language, setLanguage] = useState<string>('en');
  return (
    <label className="language-chooser">
      <GlobeIcon />
      <span className="visually-hidden">Language</span>
      <select value={language} onChange={(e) => setLanguage(e.target.value)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {l.toUpperCase()}
          </option>
        ))}
      </select>
    </label>
  );
}

function DesktopNav() {
  return (
    <>
      <div className="navbar__top">
        <div className="container navbar__row">
          <Brand />
          <SearchBox className="navbar__search" />
          <Link to={SIGN_IN_HREF} className="nav-account">
            <UserIcon />
            <span>Hi. sign in</span>
          </Link>
          <CartLink withText />
        </div>
      </div>
      <nav className="navbar__links" aria-label="Catalogue">
        <div className="container navbar__links-row">
          <BooksDropdown />
          {MAIN_LINKS.map((l) => (
            <NavLink key={l.href} to={l.href} className="nav-link">
              {l.name}
            </NavLink>
          ))}
        </div>
      </nav>
    </>
  );
}

function MobileNav() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  return (
    <div className="navbar__top">
      <div className="container navbar__row navbar__row--mobile">
        <button
          ref={menuButton}
          type="button"
          className="nav-icon-button"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
          <span className="visually-hidden">Open menu</span>
        </button>
        <Link to="/" className="nav-icon-button" aria-label="Home">
          <HomeIcon />
        </Link>
        <Brand compact />
        <Link to={SIGN_IN_HREF} className="nav-signin">
          Sign in
        </Link>
        <LanguageChooser />
      </div>
      <div className="container navbar__search-row">
        <SearchBox className="navbar__search" />
      </div>
      {menuOpen ? <SideMenu onClose={close} /> : null}
    </div>
  );
}

export function NavBar() {
  const desktop = useViewportWidth() >= NAVBAR_DESKTOP_MIN_WIDTH;
  return <header className="navbar">{desktop ? <DesktopNav /> : <MobileNav />}</header>;
}
