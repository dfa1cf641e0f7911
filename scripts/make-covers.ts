/**
 * Writes the local covers of the demo catalogue (`ui/public/covers/<id>.webp`) and six generic
 * covers for the large benchmark catalogue (`ui/public/covers/generic-<k>.webp`). No network needed.
 * Each is drawn as an SVG (kept beside it, `<id>.svg`, the source and what older demo stores name)
 * and served as a WebP picture made from it with sharp, as an uploaded cover is a picture: a phone
 * lays out and paints an SVG's text on the page's own thread, 100 to 300 ms of Lighthouse's
 * blocking time on a page of covers.
 *
 *   npx tsx scripts/make-covers.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { demoCatalogue, hash32 } from '../adapters/persistence/seed/demo-catalogue';
import { GENERIC_COVER_COUNT } from '../adapters/persistence/seed/large-catalogue';

const OUT_DIR = resolve(__dirname, '..', 'ui', 'public', 'covers');
const MAX_BYTES = 3 * 1024;

/** Gradient pairs, dark enough for white text. */
const PALETTES: readonly (readonly [string, string])[] = [
  ['#0f4c75', '#3282b8'],
  ['#1b5e20', '#43a047'],
  ['#4a148c', '#8e24aa'],
  ['#b71c1c', '#e53935'],
  ['#004d40', '#00897b'],
  ['#263238', '#546e7a'],
  ['#3e2723', '#8d6e63'],
  ['#1a237e', '#5c6bc0'],
  ['#880e4f', '#d81b60'],
  ['#bf360c', '#f4511e'],
  ['#01579b', '#0097a7'],
  ['#33691e', '#7cb342'],
];

const FONT = 'Helvetica, Arial, sans-serif';

/** A molar silhouette in a 100×100 box. */
const TOOTH =
  'M20 10C35 0 45 12 50 12S65 0 80 10 90 45 84 58 78 95 70 95 60 70 50 70 38 95 30 95 22 72 16 58 5 20 20 10Z';

export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Greedy word wrap; words longer than a line are cut. */
export const wrap = (text: string, width: number): string[] => {
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (word.length > width) {
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push(word.slice(0, width - 1) + '-');
      word = word.slice(width - 1);
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
};

/** The largest font size whose wrapped title fits the title block (320 wide, 280 high). */
const layoutTitle = (title: string): { size: number; lines: string[] } => {
  for (const size of [36, 32, 28, 25, 22, 20]) {
    const lines = wrap(title, Math.floor(320 / (size * 0.55)));
    if (lines.length * size * 1.2 <= 280) return { size, lines };
  }
  const size = 18;
  return { size, lines: wrap(title, Math.floor(320 / (size * 0.55))).slice(0, 12) };
};

const motif = (kind: string): string => {
  switch (kind) {
    case 'COURSE':
      return (
        '<circle cx="316" cy="460" r="46" fill="none" stroke="#fff" stroke-width="5" opacity=".4"/>' +
        '<path d="M303 436v48l39-24z" fill="#fff" opacity=".5"/>'
      );
    case 'JOURNAL':
      return (
        `<path d="${TOOTH}" transform="translate(276 418) scale(.84)" fill="none" stroke="#fff" stroke-width="4" opacity=".4"/>` +
        '<path d="M40 522h320M40 530h320" stroke="#fff" stroke-width="2" opacity=".4"/>'
      );
    default:
      return `<path d="${TOOTH}" transform="translate(262 412) scale(1.0)" fill="#fff" opacity=".25"/>`;
  }
};

/** `palette` picks the colours; by default they follow from `seed` (the product id). */
export const coverSvg = (
  seed: string,
  kind: string,
  title: string,
  author: string,
  palette: number = hash32(seed),
): string => {
  const [from, to] = PALETTES[palette % PALETTES.length]!;
  const { size, lines } = layoutTitle(title);
  const lineHeight = Math.round(size * 1.2);
  const tspans = lines
    .map((line, i) => `<tspan x="40" dy="${i === 0 ? 0 : lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');
  const spine = kind === 'BOOK' ? '<rect width="16" height="600" fill="#000" opacity=".18"/>' : '';
  const band = kind === 'JOURNAL' ? '<rect y="0" width="400" height="96" fill="#000" opacity=".2"/>' : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 600" width="400" height="600">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="400" height="600" fill="url(#g)"/>${spine}${band}${motif(kind)}` +
    `<text x="40" y="60" font-family="${FONT}" font-size="15" font-weight="700" letter-spacing="4" fill="#fff" opacity=".9">${kind}</text>` +
    `<rect x="40" y="74" width="64" height="4" fill="#fff" opacity=".8"/>` +
    `<text x="40" y="${130 + size}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#fff">${tspans}</text>` +
    `<text x="40" y="556" font-family="${FONT}" font-size="18" fill="#fff" opacity=".9">${escapeXml(author)}</text>` +
    `</svg>\n`
  );
};

const KIND: Record<string, string> = { books: 'BOOK', courses: 'COURSE', journals: 'JOURNAL' };
const GENERIC_KINDS = ['BOOK', 'COURSE', 'JOURNAL'];

/** The picture's width: the product page's cover on a 2x phone (core/catalog/domain/cover-sizes.ts). */
const PICTURE_WIDTH = 440;

const main = async (): Promise<void> => {
  mkdirSync(OUT_DIR, { recursive: true });
  const written: string[] = [];
  const drawn: Promise<unknown>[] = [];
  const write = (name: string, svg: string): void => {
    const bytes = Buffer.byteLength(svg, 'utf8');
    if (bytes > MAX_BYTES) throw new Error(`${name} is ${bytes} bytes, over ${MAX_BYTES}`);
    writeFileSync(join(OUT_DIR, name), svg, 'utf8');
    const picture = name.replace(/\.svg$/, '.webp');
    drawn.push(
      sharp(Buffer.from(svg), { density: (72 * PICTURE_WIDTH) / 400 })
        .resize(PICTURE_WIDTH)
        .webp({ quality: 70 })
        .toFile(join(OUT_DIR, picture)),
    );
    written.push(picture);
  };
  for (const p of demoCatalogue()) {
    write(`${p._id}.svg`, coverSvg(p._id, KIND[p.category] ?? 'BOOK', p.title, p.author[0] ?? ''));
  }
  for (let k = 0; k < GENERIC_COVER_COUNT; k += 1) {
    write(
      `generic-${k}.svg`,
      coverSvg(`generic-${k}`, GENERIC_KINDS[k % GENERIC_KINDS.length]!, 'Dental Library', 'Digital Edition', k * 2),
    );
  }
  await Promise.all(drawn);
  console.log(`wrote ${written.length} covers to ${OUT_DIR}`);
};

if (require.main === module) void main();
