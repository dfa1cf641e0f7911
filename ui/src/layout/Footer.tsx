import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router-dom';
import { BRAND_NAME } from '../app/brand';
import { useSupportEmail } from '../app/supportEmail';
import { ToothLogo } from '../design/icons';
import { useCurrency } from '../location/CurrencyContext';

export function Footer() {
  const { region, loading } = useCurrency();
  const { t } = useTranslation();
  const email = useSupportEmail();
  const inEgypt = region === 'Egypt' && !loading;
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div className="footer__brand">
          <p className="footer__name">
            <ToothLogo size={30} />
            <span>{BRAND_NAME}</span>
          </p>
          <p className="footer__tagline">{t('brand.tagline')}</p>
        </div>
        <nav aria-label={t('footer.storeInformation')} className="footer__nav">
          <ul>
            <li>
              <Link to="/aboutus">{t('footer.about')}</Link>
            </li>
            <li>
              <Link to="/policies">{t('footer.policies')}</Link>
            </li>
            <li>
              <Link to="/terms-and-conditions">{t('footer.terms')}</Link>
            </li>
          </ul>
        </nav>
        {inEgypt ? (
          <address className="footer__contact">
            <p>
              <span className="footer__label">{t('footer.location')}</span> <span>{t('footer.egypt')}</span>
            </p>
            <p>
              <span className="footer__label">{t('footer.support')}</span> <a href={`mailto:${email}`}>{email}</a>
            </p>
          </address>
        ) : null}
      </div>
      <div className="container footer__bottom">
        <p>
          {t('footer.rights', { year: new Date().getFullYear(), brand: BRAND_NAME })}
        </p>
      </div>
    </footer>
  );
}
