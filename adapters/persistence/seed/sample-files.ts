/**
 * Small real files for the demo catalogue (issue 19 part 8), so a new user's first download, its
 * stamping and the reader all work: PDFs of a few pages of dental-themed placeholder text, with
 * bookmarks and one link, and an EPUB 3. Deterministic: the same book gives the same bytes (fixed
 * dates and identifiers, no random ids), so seeding twice stores nothing new.
 */
import { zipSync, strToU8, ZipOptions } from 'fflate';
import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFPage, PDFRef, PDFString, StandardFonts, rgb } from 'pdf-lib';
import { hash32 } from './demo-catalogue';

export interface SampleBook {
  readonly title: string;
  readonly author: string;
  /** Chapter titles: each gets a bookmark (PDF) or a page and a table-of-contents entry (EPUB). */
  readonly chapters?: readonly string[];
}

export const SAMPLE_CHAPTERS: readonly string[] = [
  'Examination and diagnosis',
  'Caries and its prevention',
  'Restorative materials',
  'Endodontic treatment',
  'Periodontal care',
  'Planning the implant',
];

/** Where the one link of each sample PDF leads: a documentation domain, so no real site is implied. */
export const SAMPLE_LINK = 'https://example.com/dental-library/about-this-sample';

/** The files' dates: fixed, so the bytes are too. ZIP keeps local time, so its date is made in local time. */
const MADE_AT = new Date('2026-01-15T09:00:00Z');
const ZIPPED_AT = new Date(2026, 0, 15, 9);

const SENTENCES = [
  'This is placeholder text of the demo catalogue: no clinical advice is given here.',
  'A careful history and a systematic examination come before any treatment plan.',
  'Bitewing radiographs show approximal caries that the eye alone can miss.',
  'Fluoride varnish applied twice a year lowers the risk of new lesions in children.',
  'Composite resin is placed in increments and cured layer by layer to limit shrinkage.',
  'Isolation with a rubber dam keeps the field dry and the patient safe.',
  'The working length is confirmed with an apex locator and a periapical radiograph.',
  'Irrigation with sodium hypochlorite dissolves tissue the files cannot reach.',
  'Probing depths are charted at six sites around every tooth at each review.',
  'Scaling and root planing are followed by a re-evaluation after six to eight weeks.',
  'Bone width and height are measured on a cone beam scan before an implant is placed.',
  'A surgical guide transfers the planned position from the screen to the mouth.',
];

/** The placeholder text of one page: the same book and page always read the same. */
const pageText = (book: SampleBook, page: number): string => {
  const start = (hash32(book.title) + page * 5) % SENTENCES.length;
  return Array.from({ length: 8 }, (_, n) => SENTENCES[(start + n) % SENTENCES.length]).join(' ');
};

const chaptersOf = (book: SampleBook) => (book.chapters?.length ? book.chapters : SAMPLE_CHAPTERS);

/**
 * A PDF of `pages` pages (at least one per chapter): a title page with the link, then the chapters,
 * each with a bookmark to its first page, and page numbers at the foot.
 */
export const samplePdf = async (book: SampleBook, pages = chaptersOf(book).length + 1): Promise<Uint8Array> => {
  const chapters = chaptersOf(book);
  const total = Math.max(pages, chapters.length + 1);
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setTitle(book.title);
  document.setAuthor(book.author);
  document.setCreator('Dental Library demo catalogue');
  document.setProducer('Dental Library demo catalogue');
  document.setCreationDate(MADE_AT);
  document.setModificationDate(MADE_AT);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);

  const [width, height] = [420, 595]; // A5
  const titlePage = document.addPage([width, height]);
  titlePage.drawText(book.title, { x: 40, y: height - 120, size: 20, font: bold, maxWidth: width - 80, lineHeight: 24 });
  titlePage.drawText(book.author, { x: 40, y: height - 190, size: 13, font: regular });
  titlePage.drawText('A sample of the Dental Library demo catalogue.', { x: 40, y: 160, size: 10, font: regular });
  const linkText = 'About this sample';
  titlePage.drawText(linkText, { x: 40, y: 140, size: 10, font: regular, color: rgb(0.1, 0.3, 0.7) });
  addLink(document, titlePage, [40, 136, 40 + regular.widthOfTextAtSize(linkText, 10), 150], SAMPLE_LINK);

  // Chapters share the pages after the title page as evenly as they go.
  const firstPages = chapters.map((_, n) => 1 + Math.floor((n * (total - 1)) / chapters.length));
  for (let number = 1; number < total; number++) {
    const page = document.addPage([width, height]);
    const chapter = firstPages.indexOf(number);
    const top = chapter >= 0 ? height - 110 : height - 60;
    if (chapter >= 0) page.drawText(`${chapter + 1}. ${chapters[chapter]}`, { x: 40, y: height - 70, size: 15, font: bold, maxWidth: width - 80 });
    page.drawText(pageText(book, number), { x: 40, y: top, size: 10.5, font: regular, maxWidth: width - 80, lineHeight: 15 });
    page.drawText(String(number + 1), { x: width / 2 - 5, y: 30, size: 9, font: regular });
  }
  addOutline(document, chapters.map((title, n) => ({ title: `${n + 1}. ${title}`, page: firstPages[n]! })));
  return document.save();
};

/** A link annotation: a rectangle of the page that opens `url`. */
const addLink = (document: PDFDocument, page: PDFPage, rect: [number, number, number, number], url: string) => {
  const link = document.context.register(
    document.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: rect,
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
    }),
  );
  page.node.addAnnot(link);
};

/** Bookmarks, one level: pdf-lib has no outline API, so the dictionaries are written as PDF defines them. */
const addOutline = (document: PDFDocument, entries: readonly { title: string; page: number }[]) => {
  const { context } = document;
  const root = context.nextRef();
  const refs = entries.map(() => context.nextRef());
  const pages = document.getPages();
  entries.forEach((entry, n) => {
    const destination = PDFArray.withContext(context);
    destination.push(pages[entry.page]!.ref);
    destination.push(PDFName.of('Fit'));
    const item = context.obj({ Title: PDFHexString.fromText(entry.title), Parent: root, Dest: destination });
    if (n > 0) item.set(PDFName.of('Prev'), refs[n - 1]!);
    if (n < refs.length - 1) item.set(PDFName.of('Next'), refs[n + 1]!);
    context.assign(refs[n]!, item);
  });
  const outline = context.obj({ Type: 'Outlines', Count: PDFNumber.of(entries.length) });
  if (refs.length) {
    outline.set(PDFName.of('First'), refs[0] as PDFRef);
    outline.set(PDFName.of('Last'), refs[refs.length - 1] as PDFRef);
  }
  context.assign(root, outline);
  document.catalog.set(PDFName.of('Outlines'), root);
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const xhtml = (title: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en">\n<head><title>${escape(title)}</title></head>\n<body>\n${body}\n</body>\n</html>\n`;

/** An EPUB 3: a title page, a page per chapter, and the navigation document. */
export const sampleEpub = (book: SampleBook): Uint8Array => {
  const chapters = chaptersOf(book);
  const id = `urn:uuid:${uuidOf(book.title)}`;
  const files = chapters.map((_, n) => `chapter-${n + 1}.xhtml`);
  const opf = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en">',
    '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">',
    `<dc:identifier id="book-id">${id}</dc:identifier>`,
    `<dc:title>${escape(book.title)}</dc:title>`,
    `<dc:creator>${escape(book.author)}</dc:creator>`,
    '<dc:language>en</dc:language>',
    `<meta property="dcterms:modified">${MADE_AT.toISOString().replace('.000', '')}</meta>`,
    '</metadata>',
    '<manifest>',
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="title-page" href="title.xhtml" media-type="application/xhtml+xml"/>',
    ...files.map((file, n) => `<item id="chapter-${n + 1}" href="${file}" media-type="application/xhtml+xml"/>`),
    '</manifest>',
    '<spine>',
    '<itemref idref="title-page"/>',
    ...files.map((_, n) => `<itemref idref="chapter-${n + 1}"/>`),
    '</spine>',
    '</package>',
    '',
  ].join('\n');
  const nav = xhtml(
    'Contents',
    `<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>\n${chapters.map((title, n) => `<li><a href="${files[n]}">${n + 1}. ${escape(title)}</a></li>`).join('\n')}\n</ol></nav>`,
  );
  const entries: Record<string, Uint8Array> = {
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?>\n<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\n<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>\n</container>\n',
    ),
    'OEBPS/content.opf': strToU8(opf),
    'OEBPS/nav.xhtml': strToU8(nav),
    'OEBPS/title.xhtml': strToU8(xhtml(book.title, `<h1>${escape(book.title)}</h1>\n<p>${escape(book.author)}</p>\n<p>A sample of the Dental Library demo catalogue.</p>`)),
  };
  chapters.forEach((title, n) => {
    entries[`OEBPS/${files[n]}`] = strToU8(xhtml(title, `<h1>${n + 1}. ${escape(title)}</h1>\n<p>${escape(pageText(book, n + 1))}</p>`));
  });
  // `mimetype` first and stored (OCF); no key of these is a number, so the object keeps this order.
  const options: ZipOptions = { mtime: ZIPPED_AT };
  return zipSync({ mimetype: [strToU8('application/epub+zip'), { level: 0 }], ...entries }, { ...options, level: 6 });
};

/** A version-4-shaped UUID made from the title, so the book's identifier never changes. */
const uuidOf = (title: string): string => {
  const hex = [0, 1, 2, 3].map((n) => hash32(`${n}:${title}`).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
