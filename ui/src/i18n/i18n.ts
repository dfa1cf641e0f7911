import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { Language, directionOf } from '../../../core/shared/language';
import { LOCALES } from './languages';

/**
 * The UI's catalogues (react-i18next): one JSON file per language and namespace under locales/.
 * Each loads when first needed, so a visitor downloads only their own language, and only the
 * namespaces of the pages they open: 'common' (the layout, the shop's pages, the product page),
 * 'account' (signing in, the profile, the cart, the library and reader), 'checkout' (paying and its
 * results), 'pages' (the static pages), 'admin' (the back office), 'messages' (the server's
 * messages by code, read by ui/src/i18n/messages.ts; empty in English, whose text the server sends).
 * A component names its namespace (`useTranslation('checkout')`); React suspends it until its
 * catalogue is in.
 * English is the source, and no language falls back to it: i18next fetches a fallback's catalogue
 * beside the page's before the first render, a second file on an Arabic phone's critical path for
 * keys that are never missing (tests/ui/catalogues.test.tsx keeps every catalogue complete).
 */
export const NAMESPACES = ['common', 'account', 'checkout', 'pages', 'admin', 'messages'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const i18n = i18next.createInstance();

const catalogues = resourcesToBackend((lng: string, ns: string) => import(`./locales/${lng}/${ns}.json`));
const settings = (language: Language) => ({
  lng: language,
  fallbackLng: false as const,
  defaultNS: 'common',
  // React escapes what it renders.
  interpolation: { escapeValue: false },
});

export const startTranslations = async (language: Language): Promise<void> => {
  await i18n
    .use(initReactI18next)
    .use(catalogues)
    .init({ ...settings(language), ns: ['common'] });
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
};

/** The server's translations for a language (ui/src/server): an instance of its own, every catalogue loaded. */
export const allTranslationsIn = async (language: Language): Promise<typeof i18n> => {
  const instance = i18next.createInstance();
  await instance.use(catalogues).init({ ...settings(language), ns: [...NAMESPACES] });
  return instance;
};

export const localeOf = (language: string): string => LOCALES[language as Language] ?? LOCALES.en;
