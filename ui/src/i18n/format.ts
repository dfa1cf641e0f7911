import { useTranslation } from './use-translation';
import { Money, formatCountIn, formatMoney, formatMoneyIn } from '../../../core/shared/money';
import { localeOf } from './i18n';

/**
 * A price in a language: English as the spec shows it ('$25.00', 'EGP 1,200', 'Free'); the other
 * languages by the core's rule, the one the letters follow too.
 */
export const moneyIn = (language: string, m: Money, free: string): string =>
  language === 'en' ? formatMoney(m) : formatMoneyIn(localeOf(language), m, free);

/** The formats of the page's language: prices, dates, numbers. */
export const useFormat = () => {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  return {
    money: (m: Money) => moneyIn(i18n.language, m, t('price.free')),
    date: (iso: string, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' }) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(locale, options);
    },
    number: (n: number) => formatCountIn(locale, n),
  };
};
