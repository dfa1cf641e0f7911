import { useTranslation } from '../i18n/use-translation';
import { useLocation } from 'react-router-dom';
import { accountApi } from '../api/client';
import { useSession } from '../auth/AuthContext';
import { LANGUAGE_NAMES } from '../../../core/shared/language';
import { GlobeIcon } from '../design/icons';
import { LANGUAGES, Language, addressIn, rememberLanguage } from '../i18n/languages';

/**
 * The spec's chooser (en, pt, es, ar), each language in its own name. A choice is remembered (the
 * cookie the server reads, and the account's setting when signed in, which its e-mails follow) and
 * opens the same page at its address in that language: a page load, so the new catalogue and
 * direction apply to everything at once.
 */
export function LanguageChooser() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const signedIn = useSession().status === 'signedIn';
  const choose = async (language: Language) => {
    rememberLanguage(language);
    // The account's setting is a courtesy for its e-mails: the page changes language even if it fails.
    if (signedIn) await accountApi.chooseLanguage(language).catch(() => undefined);
    window.location.assign(addressIn(language, location.pathname) + location.search + location.hash);
  };
  return (
    <label className="language-chooser">
      <GlobeIcon />
      <span className="visually-hidden">{t('nav.language')}</span>
      <select value={i18n.language} onChange={(e) => void choose(e.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
