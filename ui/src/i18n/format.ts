import { useTranslation } from 'react-i18next';
import { Money, formatMoney, isFree, toDecimal } from '../../../core/shared/money';
import { localeOf } from './i18n';

const formats = new Map<string, Intl.NumberFormat>();
/** Formatters are made once per locale and currency: building one costs more than using it. */
const currencyFormat = (locale: string, currency: string) => {
  const key = `${locale} ${currency}`;
  if (!formats.has(key)) {
    // EGP is shown in whole pounds when it is whole, as the English 'EGP 1,200' is.
    formats.set(key, new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: currency === 'EGP' ? 0 : 2, maximumFractionDigits: 2 }));
  }
  return formats.get(key)!;
};

/**
 * A price in a language: English as the spec shows it ('$25.00', 'EGP 1,200', 'Free'); the other
 * languages by Intl, in their own order and symbols (Arabic: '1,200 ج.م.‏').
 */
export const moneyIn = (language: string, m: Money, free: string): string => {
  if (language === 'en') return formatMoney(m);
  return isFree(m) ? free : currencyFormat(localeOf(language), m.currency).format(toDecimal(m));
};

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
    number: (n: number) => n.toLocaleString(locale),
  };
};
