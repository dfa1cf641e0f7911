import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LANGUAGE_NAMES } from '../../../core/shared/language';
import { GlobeIcon } from '../design/icons';
import { LANGUAGES, Language, addressIn, rememberLanguage } from '../i18n/languages';

/**
 * The spec's chooser (en, pt, es, ar), each language in its own name. A choice is remembered (the
 * cookie the server reads) and opens the same page at its address in that language: a page load,
 * so the new catalogue and direction apply to everything at once.
 */
export function LanguageChooser() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const choose = (language: Language) => {
    rememberLanguage(language);
    window.location.assign(addressIn(language, location.pathname) + location.search + location.hash);
  };
  return (
    <label className="language-chooser">
      <GlobeIcon />
      <span className="visually-hidden">{t('nav.language')}</span>
      <select value={i18n.language} onChange={(e) => choose(e.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
