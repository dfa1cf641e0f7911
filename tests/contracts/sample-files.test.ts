import { SAMPLE_CHAPTERS, SAMPLE_LINK, samplePdf, sampleEpub } from '../../adapters/persistence/seed/sample-files';
import { firstLocalHeader, readZip, textOf } from '../support/epub-reading';
import { readPdf } from '../support/pdf-reading';

/** The demo catalogue's files (issue 19 part 8): real, small, and the same every time. */
describe('sample files for the demo catalogue', () => {
  const book = { title: 'Periodontics for Students', author: 'Prof. Omar Said' };

  it('makes a small PDF with a title page, a page per chapter, bookmarks and one link', async () => {
    const pdf = await samplePdf(book);
    expect(pdf.length).toBeLessThan(20_000);
    const read = await readPdf(pdf);
    expect(read.pages).toHaveLength(SAMPLE_CHAPTERS.length + 1);
    expect(read.pages[0]!.text).toContain(book.title);
    expect(read.pages[1]!.text).toMatch(/dental|tooth|caries|radiograph/i);
    expect(read.outline.map((entry) => [entry.title, entry.page])).toEqual(SAMPLE_CHAPTERS.map((title, n) => [`${n + 1}. ${title}`, n + 1]));
    expect(read.pages.flatMap((page) => page.links)).toEqual([expect.objectContaining({ url: SAMPLE_LINK })]);
    expect(read.info).toEqual(expect.objectContaining({ Title: book.title, Author: book.author }));
  });

  it('spreads the chapters over as many pages as asked', async () => {
    const read = await readPdf(await samplePdf({ ...book, chapters: ['One', 'Two', 'Three'] }, 30));
    expect(read.pages).toHaveLength(30);
    expect(read.outline.map((entry) => entry.page)).toEqual([1, 10, 20]);
  });

  it('makes an EPUB 3 with its package, navigation and chapters', async () => {
    const epub = sampleEpub(book);
    expect(firstLocalHeader(epub)).toEqual(expect.objectContaining({ flags: 0, method: 0, extraLength: 0, name: 'mimetype', content: 'application/epub+zip' }));
    const entries = await readZip(epub);
    expect(textOf(entries, 'META-INF/container.xml')).toContain('full-path="OEBPS/content.opf"');
    const opf = textOf(entries, 'OEBPS/content.opf');
    expect(opf).toContain('version="3.0"');
    expect(opf).toContain(`<dc:title>${book.title}</dc:title>`);
    expect(opf).toMatch(/<meta property="dcterms:modified">\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/meta>/);
    // Every page of the manifest is in the ZIP, and every chapter is in the spine.
    for (const [, href] of opf.matchAll(/<item [^>]*href="([^"]+)"/g)) expect(entries.some((e) => e.name === `OEBPS/${href}`)).toBe(true);
    expect(Array.from(opf.matchAll(/<itemref idref="([^"]+)"/g), (m) => m[1])).toEqual(['title-page', ...SAMPLE_CHAPTERS.map((_, n) => `chapter-${n + 1}`)]);
    expect(textOf(entries, 'OEBPS/nav.xhtml')).toContain('epub:type="toc"');
  });

  it('gives the same bytes every time', async () => {
    expect(Buffer.from(await samplePdf(book)).equals(Buffer.from(await samplePdf(book)))).toBe(true);
    expect(Buffer.from(sampleEpub(book)).equals(Buffer.from(sampleEpub(book)))).toBe(true);
    expect(Buffer.from(sampleEpub(book)).equals(Buffer.from(sampleEpub({ ...book, title: 'Another' })))).toBe(false);
  });
});
