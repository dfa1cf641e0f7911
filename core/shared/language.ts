/**
 * The store's languages (issue 20, DECISIONS 26): English is the source, word for word the spec's
 * texts; Arabic, Portuguese and Spanish translate it. The spec's chooser lists them in this order.
 */
export const LANGUAGES = ['en', 'pt', 'es', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const SOURCE_LANGUAGE: Language = 'en';

/** The cookie that keeps a visitor's language: the UI's chooser sets it, the server reads and sets it. A year long. */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_KEPT_DAYS = 365;

/** Each language in its own name, as the chooser shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  pt: 'Português',
  es: 'Español',
  ar: 'العربية',
};

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** A language from an address, a cookie or a stored setting: anything unknown is English, never an error. */
export const languageOf = (value: unknown): Language => (isLanguage(value) ? value : SOURCE_LANGUAGE);

/**
 * A page of the app at its address in a language (issue 20): English has no prefix, so the spec's
 * routes are English; another language's pages live under its prefix, its home page at the prefix
 * alone (`/ar`). The UI's links, the server's redirects and the sitemap all take it from here.
 */
export const pathIn = (language: Language, path: string): string =>
  language === SOURCE_LANGUAGE ? path : `/${language}${path === '/' ? '' : path}`;

export const directionOf = (language: Language): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr');

/**
 * The language an `Accept-Language` header prefers among the store's (RFC 9110 12.5.4): the highest
 * weight wins, the header's order breaks ties, a region (`ar-EG`) counts for its language, `q=0`
 * refuses. None of the store's: undefined, and the caller keeps English.
 */
export const preferredLanguage = (header: string | undefined): Language | undefined => {
  if (!header) return undefined;
  const offers = header.split(',').map((part, order) => {
    const [tag = '', ...params] = part.trim().split(';');
    // A weight written wrong (`q=abc`) counts as a refusal, not as the full weight.
    const q = params.map((p) => /^\s*q=(.*)$/i.exec(p)?.[1]).find((v) => v !== undefined);
    return { language: tag.trim().toLowerCase().split('-')[0], weight: q === undefined ? 1 : Number(q.trim() || NaN), order };
  });
  const best = offers
    .filter((offer) => isLanguage(offer.language) && offer.weight > 0 && offer.weight <= 1)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)[0];
  return best && languageOf(best.language);
};
