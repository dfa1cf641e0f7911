import { useTranslation } from '../i18n/use-translation';
import type { PublicProduct } from '../../../api/catalog';

/**
 * Which of a product's texts a page shows, and how: the one place that chooses between the English
 * and the Arabic title and description.
 */
export interface ShownText {
  readonly text: string;
  /** Set on Arabic text, so that screen readers and fonts take it as Arabic. */
  readonly lang?: 'ar';
  /** Arabic text is right to left; any other keeps its own direction ('auto'), as a Latin title on an Arabic page. */
  readonly dir: 'rtl' | 'auto';
}

/** The page's language, as the translation layer has it (on the server too, where there is no `<html lang>`). */
export const usePageLanguage = (): string => useTranslation().i18n.language;

const shown = (english: string, arabic: string | undefined, language: string): ShownText =>
  language === 'ar' && arabic ? { text: arabic, lang: 'ar', dir: 'rtl' } : { text: english, dir: 'auto' };

/** The Arabic title on a page in Arabic when there is one; otherwise the English title. */
export const titleIn = (product: Pick<PublicProduct, 'title' | 'arabicTitle'>, language: string): ShownText =>
  shown(product.title, product.arabicTitle, language);

/** The Arabic description on a page in Arabic when there is one; otherwise the English one. */
export const descriptionIn = (product: Pick<PublicProduct, 'description' | 'arabicDescription'>, language: string): ShownText =>
  shown(product.description, product.arabicDescription, language);
