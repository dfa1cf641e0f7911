import { Link } from 'react-router-dom';
import { BRAND_NAME, TAGLINE } from '../app/brand';
import { supportEmail } from '../app/supportEmail';
import { ToothLogo } from '../design/icons';
import { useCurrency } from '../location/CurrencyContext';

export function Footer() {
  const { region, loading } = useCurrency();
  const email = supportEmail();
  const inEgypt = region === 'Egypt' && !loading;
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div className="footer__brand">
          <p className="footer__name">
            <ToothLogo size={30} />
            <span>{BRAND_NAME}</span>
          </p>
          <p className="footer__tagline">{TAGLINE}</p>
        </div>
        <nav aria-label="Store information" className="footer__nav">
          <ul>
            <li>
              <Link to="/aboutus">About Us</Link>
            </li>
            <li>
              <Link to="/policies">Policies</Link>
            </li>
            <li>
              <Link to="/terms-and-conditions">Terms &amp; Conditions</Link>
            </li>
          </ul>
        </nav>
        {inEgypt ? (
          <address className="footer__contact">
            <p>
              <span className="footer__label">Location:</span> <span>Egypt</span>
            </p>
            <p>
              <span className="footer__label">Support:</span> <a href={`mailto:${email}`}>{email}</a>
            </p>
          </address>
        ) : null}
      </div>
      <div className="container footer__bottom">
        <p>
          © {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
