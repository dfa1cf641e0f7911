import { Language, SOURCE_LANGUAGE, directionOf } from '../../../shared/language';
import { Money, formatMoney, formatMoneyIn } from '../../../shared/money';
import { wordsIn } from './index';

/**
 * How a letter in one language looks, apart from its words: prices and dates as Intl writes them
 * for the language, links into that language's pages, right to left where the language is. English
 * letters are left exactly as the store always sent them.
 */

/** Titles, names and reasons come from admins and buyers: in HTML they are text, never markup. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
/** Made once per language: building a formatter costs more than formatting with it. */
const made = <F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F => {
  const found = formats.get(key);
  if (found) return found as F;
  const format = make();
  formats.set(key, format);
  return format;
};

/**
 * A price as the language writes it: Arabic with Western digits and EGP as `ج.م.`, as Egyptian
 * cards and receipts print them. Whole pounds show no piasters, as the store's own 'EGP 1,200'
 * does; an amount with piasters shows both digits.
 */
export const priceIn = (language: Language, amount: Money): string => {
  if (language === SOURCE_LANGUAGE) return formatMoney(amount);
  const words = wordsIn(language);
  return formatMoneyIn(words.locale, amount, words.free);
};

/** When a reference runs out, as a buyer in Egypt reads it: the store's clock is UTC, Cairo's is the buyer's. */
export const cairoTimeIn = (language: Language, iso: string): string => {
  const words = wordsIn(language);
  const format = made(`cairo:${language}`, () => new Intl.DateTimeFormat(words.locale, { timeZone: 'Africa/Cairo', dateStyle: 'medium', timeStyle: 'short' }));
  return words.inCairoTime(format.format(new Date(iso)));
};

/** A page of the store in the letter's language: `/ar/...`; English pages have no prefix (issue 20). */
export const storePage = (storeUrl: string, language: Language, path: string): string =>
  `${storeUrl.replace(/\/+$/, '')}${language === SOURCE_LANGUAGE ? '' : `/${language}`}${path}`;

const RIGHT_TO_LEFT_MARK = '\u200f';

/**
 * The text part. A plain-text reader sets each line's direction from its first strong letter, so
 * an Arabic line that starts with a Latin title or a link would run left to right: each Arabic
 * line starts with a right-to-left mark.
 */
export const textIn = (language: Language, lines: readonly string[]): string =>
  (directionOf(language) === 'rtl' ? lines.map((line) => (line ? `${RIGHT_TO_LEFT_MARK}${line}` : line)) : lines).join('\n');

/** Text from an admin or a buyer inside a translated letter: its own direction, whatever its script. */
export const ownDirection = (language: Language, html: string): string => (language === SOURCE_LANGUAGE ? html : `<bdi>${html}</bdi>`);

/**
 * The HTML part: a whole document saying its language and direction. Web mail drops `<html>`'s
 * attributes, so the body's content says them again.
 */
export const htmlIn = (language: Language, paragraphs: readonly string[]): string => {
  const body = paragraphs.join('\n');
  if (language === SOURCE_LANGUAGE) return body;
  const dir = directionOf(language);
  return [
    '<!doctype html>',
    `<html lang="${language}" dir="${dir}">`,
    '<head><meta charset="utf-8"></head>',
    '<body>',
    `<div lang="${language}" dir="${dir}" style="text-align: ${dir === 'rtl' ? 'right' : 'left'}">`,
    body,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
};
