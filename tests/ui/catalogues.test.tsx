import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '../../core/shared/language';
import { MESSAGES, MESSAGE_CODES } from '../../api/messages';

/**
 * The UI's catalogues (ui/src/i18n/locales) stay whole: every language has every key English has
 * and no other, each plural in exactly its language's forms (Arabic's six), the same placeholders,
 * and every key the UI asks for by name exists.
 */
const LOCALES = path.join(__dirname, '../../ui/src/i18n/locales');
const SOURCES = path.join(__dirname, '../../ui/src');
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.assign({}, ...Object.entries(tree).map(([key, value]) => (typeof value === 'string' ? { [prefix + key]: value } : flatten(value, `${prefix}${key}.`))));

const namespaces = fs.readdirSync(path.join(LOCALES, 'en')).map((file) => file.replace(/\.json$/, ''));
const catalogue = (language: string, ns: string) => flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${ns}.json`), 'utf8')) as Tree);
const baseKeys = (keys: Record<string, string>) => new Set(Object.keys(keys).map((key) => key.replace(PLURAL, '')));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));

// The server's messages (ui/src/i18n/messages.ts) are keyed by api/messages.ts's codes, below.
describe.each(namespaces.filter((ns) => ns !== 'messages'))('the %s catalogue', (ns) => {
  const english = catalogue('en', ns);

  it.each(LANGUAGES.filter((l) => l !== 'en'))('in %s has every key of English and no other', (language) => {
    expect([...baseKeys(catalogue(language, ns))].sort()).toEqual([...baseKeys(english)].sort());
  });

  it.each([...LANGUAGES])('in %s writes each plural in exactly its language\'s forms, with the placeholders of English', (language) => {
    const keys = catalogue(language, ns);
    const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const base of new Set(Object.keys(english).filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')))) {
      const written = Object.keys(keys).filter((k) => k.replace(PLURAL, '') === base && PLURAL.test(k)).map((k) => PLURAL.exec(k)![1]);
      // Arabic's 'zero' is written too: 'no results' reads better than '0 results'.
      expect([base, written.sort()]).toEqual([base, [...new Set([...forms, ...(language === 'ar' ? ['zero'] : [])])].sort()]);
    }
    for (const [key, text] of Object.entries(keys)) {
      const source = english[key] ?? english[`${key.replace(PLURAL, '')}_other`];
      // A plural's 'zero' or 'one' may say the number in words.
      if (source !== undefined && !/_(zero|one|two)$/.test(key)) expect([key, placeholders(text)]).toEqual([key, placeholders(source)]);
    }
  });
});

/**
 * The server's messages: English is the server's own text, so the English file is empty; every other
 * language has one entry per code (a plural in its language's forms), with the template's variable
 * parts as placeholders. A 'zero', 'one' or 'two' may say the number in words.
 */
describe('the messages catalogue', () => {
  const codes = MESSAGE_CODES.filter((code) => code !== 'unlisted');
  const templateParts = (code: string) => [...(MESSAGES[code as keyof typeof MESSAGES] as string).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  /** A part the server writes in English words that a translation says in its own (ui/src/i18n/messages.ts). */
  const SAID_IN_WORDS: Record<string, string[]> = { 'checkout.not_orderable': ['why'] };

  it('in English is empty: the server sends the English text', () => {
    expect(catalogue('en', 'messages')).toEqual({});
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('in %s has one entry per code of api/messages.ts, with its variable parts', (language) => {
    const keys = catalogue(language, 'messages');
    // A code may itself end like a plural form ('file.too_many'): a key that is a code is that code.
    const codeOf = (key: string) => (codes.includes(key as (typeof codes)[number]) ? key : key.replace(PLURAL, ''));
    expect([...new Set(Object.keys(keys).map(codeOf))].sort()).toEqual([...codes].sort());
    const forms = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories, ...(language === 'ar' ? ['zero'] : [])];
    for (const code of codes) {
      const plural = Object.keys(keys).filter((k) => k !== code && codeOf(k) === code);
      if (plural.length) expect([code, plural.map((k) => PLURAL.exec(k)![1]).sort()]).toEqual([code, [...new Set(forms)].sort()]);
      const expected = templateParts(code).filter((part) => !SAID_IN_WORDS[code]?.includes(part));
      for (const key of plural.length ? plural : [code])
        if (!/_(zero|one|two)$/.test(key)) expect([key, placeholders(keys[key]!)]).toEqual([key, expected]);
    }
  });
});

it("names no tag of a sentence after an HTML void element, which react-i18next's Trans would leave empty", () => {
  const VOID = /<\/?(area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)>/;
  const empty = LANGUAGES.flatMap((language) =>
    namespaces.flatMap((ns) => Object.entries(catalogue(language, ns)).filter(([, text]) => VOID.test(text)).map(([key]) => `${language}/${ns}: ${key}`)),
  );
  expect(empty).toEqual([]);
});

it('has, in English, every key the UI asks for by name', () => {
  const english = Object.assign({}, ...namespaces.map((ns) => ({ ...catalogue('en', ns) })));
  const known = baseKeys(english);
  const missing = walk(SOURCES).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/\bt\('([a-zA-Z][\w.]*)'/g)].map((m) => m[1]!).filter((key) => !known.has(key)).map((key) => `${path.relative(SOURCES, file)}: ${key}`),
  );
  expect(missing).toEqual([]);
});
