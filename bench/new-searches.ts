/**
 * Searches that are each new, for `bench/run.ts`: autocannon (its API, in this process of its own)
 * with a body made for every request, two words of the benchmark catalogue's titles and, when
 * asked, a number from 0 to 9,999, so that neither the answer cache nor the catalogue's memo has
 * seen it. Prints autocannon's result as JSON, as its command line does.
 *
 * Usage: new-searches.ts '{"url": "...", "seconds": 10, "connections": 50, "withNumber": true}'
 */
import autocannon from 'autocannon';
import { largeCatalogueArray } from '../adapters/persistence/seed/large-catalogue';
import { SEARCH_REQUEST } from '../core/catalog/domain/search';

export interface NewSearches {
  readonly url: string;
  readonly seconds: number;
  readonly connections: number;
  readonly withNumber: boolean;
  /** Words of the Arabic titles, and the number in Arabic-Indic digits, as an Egyptian reader types them. */
  readonly arabic?: boolean;
}

/** The words of the first 2,000 titles (English, or the Arabic ones), of three letters or more. */
export const titleWords = (arabic = false): readonly string[] => {
  const titles = largeCatalogueArray(2000).flatMap((p) => (arabic ? (p.arabicTitle ? [p.arabicTitle] : []) : [p.title.toLowerCase()]));
  const words = titles.flatMap((title) => title.split(arabic ? /[^\u0621-\u064a]+/ : /[^a-z]+/));
  return [...new Set(words.filter((w) => w.length >= 3))];
};

const arabicDigits = (n: number): string => String(n).replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));

export const newSearch = (words: readonly string[], withNumber: boolean, random = Math.random, arabic = false): string => {
  const pick = () => words[Math.floor(random() * words.length)]!;
  const number = Math.floor(random() * 10_000);
  const query = [pick(), pick(), ...(withNumber ? [arabic ? arabicDigits(number) : String(number)] : [])].join(' ');
  return JSON.stringify({ query, ...SEARCH_REQUEST });
};

const main = async () => {
  const plan = JSON.parse(process.argv[2]!) as NewSearches;
  const words = titleWords(plan.arabic);
  const result = await autocannon({
    url: plan.url,
    connections: plan.connections,
    duration: plan.seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: newSearch(words, plan.withNumber, Math.random, plan.arabic) }),
      },
    ],
  });
  process.stdout.write(JSON.stringify(result));
};

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
