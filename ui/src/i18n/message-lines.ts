import { MESSAGES, type MessageCode } from '../../../api/messages';
import { SOURCE_LANGUAGE, type Language } from '../../../core/shared/language';
import { i18n, localeOf } from './i18n';

/**
 * The server's messages read line by line in a language (loaded by ./messages.ts off English only,
 * with the message table it reads templates from). The catalogue's keys are the codes themselves,
 * flat (`account.username_short`), looked up with no key separator: one entry per code, found by
 * the same string the server sends and api/messages.ts lists, with no nesting to keep in step with
 * the codes' dots.
 */
const LOOKUP = { ns: 'messages', keySeparator: false, nsSeparator: false } as const;

const PLACEHOLDER = /\{([a-z]+)\}/g;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The variable parts of a line, read against its code's English template ('Too many … in {wait}.'
 * and '… in 15 minutes.' give `{ wait: '15 minutes' }`); undefined when the line does not fit it.
 */
export const partsOf = (code: MessageCode, line: string): Record<string, string> | undefined => {
  const template: string = MESSAGES[code];
  const names = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  const pattern = new RegExp(`^${template.split(PLACEHOLDER).map((piece, i) => (i % 2 ? '([^\\n]*?)' : escaped(piece))).join('')}$`);
  const found = pattern.exec(line);
  return found ? Object.fromEntries(names.map((name, i) => [name, found[i + 1]!])) : undefined;
};

const UNITS = { second: 'second', minute: 'minute', hour: 'hour' } as const;

/**
 * Parts the server writes in English words are said in the page's language: a wait ('15 minutes')
 * through Intl's units, with the language's own plural; a count of downloads ('3 times') as its
 * number, which the translation frames; a search's count as a number, so its plural is chosen.
 */
const localParts = (parts: Record<string, string>, language: Language): Record<string, string | number> => {
  const local: Record<string, string | number> = { ...parts };
  const wait = /^(\d+) (second|minute|hour)s?$/.exec(parts.wait ?? '');
  if (wait) local.wait = new Intl.NumberFormat(localeOf(language), { style: 'unit', unit: UNITS[wait[2] as keyof typeof UNITS], unitDisplay: 'long' }).format(Number(wait[1]));
  const times = /^(\d+) times?$/.exec(parts.limit ?? '');
  if (times) local.limit = new Intl.NumberFormat(localeOf(language)).format(Number(times[1]));
  if (/^\d+$/.test(parts.count ?? '')) local.count = Number(parts.count);
  return local;
};

/** One line in the page's language, or as the server wrote it when there is no translation for it. */
const lineIn = (language: Language, line: string, code: string | undefined): string => {
  if (!code || code === 'unlisted' || !Object.hasOwn(MESSAGES, code)) return line;
  const parts = partsOf(code as MessageCode, line);
  if (!parts) return line;
  const options = { ...LOOKUP, lng: language, ...localParts(parts, language) };
  return i18n.exists(code, options) ? i18n.t(code, options) : line;
};

/** A message of several lines (a code per line) in a language; English keeps the server's text exactly. */
export const linesIn = (language: Language, message: string, codes: readonly string[]): string => {
  if (language === SOURCE_LANGUAGE || codes.length === 0) return message;
  const lines = message.split('\n');
  return lines.map((line, i) => lineIn(language, line, lines.length === codes.length ? codes[i] : undefined)).join('\n');
};
