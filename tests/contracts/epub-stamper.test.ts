import { strToU8, zipSync } from 'fflate';
import { sampleEpub } from '../../adapters/persistence/seed/sample-files';
import { EPUB_TOO_LARGE, UNREADABLE_EPUB } from '../../adapters/stamping/epub-stamper';
import { FileStamper } from '../../adapters/stamping/stamper';
import { left, right } from '../support/either';
import { ZipEntry, firstLocalHeader, readZip, textOf } from '../support/epub-reading';

/** The Stamper port on EPUBs (adapters/stamping/epub-stamper.ts). */
describe('stamping an EPUB', () => {
  const stamper = new FileStamper();
  const buyer = { email: 'hana@mail.test', orderNumber: 'a1b2c3' };
  const STAMP = 'Licensed to hana@mail.test - order a1b2c3';
  const book = { title: 'Clinical Endodontics in Practice', author: 'Dr. Hana Ali' };

  const itemHref = (opf: string, id: string) => new RegExp(`<(?:opf:)?item id="${id}" href="([^"]+)"`).exec(opf)?.[1];
  const spine = (opf: string) => Array.from(opf.matchAll(/<(?:opf:)?itemref idref="([^"]+)"/g), (m) => m[1]);

  /** A hand-made EPUB 3 package: entries as given, mimetype first. */
  const epub = (opf: string, more: Record<string, Uint8Array> = {}) =>
    zipSync({
      mimetype: [strToU8('application/epub+zip'), { level: 0 }],
      'META-INF/container.xml': strToU8('<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>'),
      'book.opf': strToU8(opf),
      'cover.xhtml': strToU8('<html xmlns="http://www.w3.org/1999/xhtml"><body>Cover</body></html>'),
      'one.xhtml': strToU8('<html xmlns="http://www.w3.org/1999/xhtml"><body>One</body></html>'),
      ...more,
    });

  const expectValidContainer = async (stamped: Uint8Array): Promise<ZipEntry[]> => {
    // OCF: `mimetype` is the first entry, stored, with its sizes in the header and no extra field,
    // so its content sits at byte 38 for programs that sniff the file's type.
    expect(firstLocalHeader(stamped)).toEqual({
      signature: 0x04034b50,
      flags: 0,
      method: 0,
      compressedSize: 20,
      size: 20,
      extraLength: 0,
      name: 'mimetype',
      content: 'application/epub+zip',
    });
    const entries = await readZip(stamped);
    expect(entries[0]).toEqual(expect.objectContaining({ name: 'mimetype', compressionMethod: 0 }));
    return entries;
  };

  it('adds a colophon early in the reading order and the stamp to the package metadata', async () => {
    const entries = await expectValidContainer(right(await stamper.stamp('epub', sampleEpub(book), buyer)));
    const opf = textOf(entries, 'OEBPS/content.opf');
    const href = itemHref(opf, 'store-licence');
    expect(href).toBe('licence.xhtml');
    expect(opf).toContain('media-type="application/xhtml+xml"');
    expect(spine(opf)[0]).toBe('store-licence');
    expect(textOf(entries, `OEBPS/${href}`)).toContain(`<p>${STAMP}</p>`);
    expect(opf).toMatch(new RegExp(`<metadata[^>]*>[\\s\\S]*<dc:rights xmlns:dc="http://purl.org/dc/elements/1.1/">${STAMP}</dc:rights>[\\s\\S]*</metadata>`));
  });

  it('keeps every other file as it was', async () => {
    const original = await readZip(sampleEpub(book));
    const stamped = await readZip(right(await stamper.stamp('epub', sampleEpub(book), buyer)));
    for (const entry of original.filter((e) => e.name !== 'OEBPS/content.opf'))
      expect(stamped.find((e) => e.name === entry.name)?.bytes.equals(entry.bytes)).toBe(true);
    expect(stamped.map((e) => e.name)).toEqual([...original.map((e) => e.name), 'OEBPS/licence.xhtml']);
  });

  it('leaves the cover first and puts the colophon after it', async () => {
    const opf = `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier><dc:title>T</dc:title><dc:language>en</dc:language></metadata>
<manifest><item id="c" href="cover.xhtml" media-type="application/xhtml+xml"/><item id="one" href="one.xhtml" media-type="application/xhtml+xml"/></manifest>
<spine><itemref idref="c"/><itemref idref="one"/></spine>
</package>`;
    const entries = await expectValidContainer(right(await stamper.stamp('epub', epub(opf), buyer)));
    expect(spine(textOf(entries, 'book.opf'))).toEqual(['c', 'store-licence', 'one']);
    expect(textOf(entries, 'licence.xhtml')).toContain(STAMP);
  });

  it('follows a package whose elements carry a prefix, and EPUB 2 pages', async () => {
    const opf = `<?xml version="1.0"?>
<opf:package xmlns:opf="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">
<opf:metadata><dc:identifier xmlns:dc="http://purl.org/dc/elements/1.1/" id="id">x</dc:identifier></opf:metadata>
<opf:manifest><opf:item id="one" href="one.xhtml" media-type="application/xhtml+xml"/></opf:manifest>
<opf:spine toc="ncx"><opf:itemref idref="one"/></opf:spine>
</opf:package>`;
    const entries = await expectValidContainer(right(await stamper.stamp('epub', epub(opf), buyer)));
    const stampedOpf = textOf(entries, 'book.opf');
    expect(stampedOpf).toContain('<opf:item id="store-licence" href="licence.xhtml" media-type="application/xhtml+xml"/></opf:manifest>');
    expect(spine(stampedOpf)).toEqual(['store-licence', 'one']);
    expect(textOf(entries, 'licence.xhtml')).toContain('XHTML 1.1');
  });

  it('stamps a stamped copy again under names of its own', async () => {
    const twice = right(await stamper.stamp('epub', right(await stamper.stamp('epub', sampleEpub(book), buyer)), { email: 'omar@mail.test', orderNumber: 'ffff01' }));
    const entries = await expectValidContainer(twice);
    const opf = textOf(entries, 'OEBPS/content.opf');
    expect(itemHref(opf, 'store-licence-2')).toBe('licence-2.xhtml');
    expect(textOf(entries, 'OEBPS/licence-2.xhtml')).toContain('Licensed to omar@mail.test - order ffff01');
  });

  it('keeps mimetype first even beside a file named like a number', async () => {
    const opf = sampleEpubOpf();
    // zipSync itself puts '1' before mimetype in the original: a JavaScript object lists such keys first.
    const original = epub(opf, { '1': strToU8('one') });
    expect((await readZip(original))[0]!.name).toBe('1');
    const stamped = right(await stamper.stamp('epub', original, buyer));
    // Written in order by the streaming writer: its sizes follow the data, which OCF allows; the rest holds.
    expect(firstLocalHeader(stamped)).toEqual(expect.objectContaining({ method: 0, extraLength: 0, name: 'mimetype', content: 'application/epub+zip' }));
    const entries = await readZip(stamped);
    expect(entries[0]).toEqual(expect.objectContaining({ name: 'mimetype', compressionMethod: 0 }));
    expect(entries.map((e) => e.name).sort()).toEqual(['1', 'META-INF/container.xml', 'book.opf', 'cover.xhtml', 'licence.xhtml', 'mimetype', 'one.xhtml']);
  });

  it('stamps an internationalised address in its ASCII form', async () => {
    const entries = await readZip(right(await stamper.stamp('epub', sampleEpub(book), { email: 'سارة@مثال.مصر', orderNumber: 'a1b2c3' })));
    expect(textOf(entries, 'OEBPS/licence.xhtml')).toContain('Licensed to xn--mgbexg@xn--mgbh0fb.xn--wgbh1c - order a1b2c3');
  });

  it('escapes what XML would read as markup', async () => {
    const entries = await readZip(right(await stamper.stamp('epub', sampleEpub(book), { email: "o'brien&co@mail.test", orderNumber: 'a1b2c3' })));
    expect(textOf(entries, 'OEBPS/licence.xhtml')).toContain('Licensed to o&apos;brien&amp;co@mail.test');
    expect(textOf(entries, 'OEBPS/content.opf')).toContain('o&apos;brien&amp;co@mail.test');
  });

  const sampleEpubOpf = () => `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier></metadata>
<manifest><item id="one" href="one.xhtml" media-type="application/xhtml+xml"/></manifest>
<spine><itemref idref="one"/></spine>
</package>`;

  it.each([
    ['no bytes', () => new Uint8Array()],
    ['a PDF', () => new TextEncoder().encode('%PDF-1.7\n')],
    ['a ZIP without mimetype', () => zipSync({ 'a.txt': strToU8('a') })],
    ['a ZIP of another type', () => zipSync({ mimetype: strToU8('application/zip'), 'META-INF/container.xml': strToU8('<container/>') })],
    ['a container naming no package', () => zipSync({ mimetype: strToU8('application/epub+zip'), 'META-INF/container.xml': strToU8('<container/>') })],
    ['a package without a spine', () => epub(sampleEpubOpf().replace(/<spine>.*<\/spine>/, ''))],
  ])('refuses %s with a message, never throwing', async (_, bytes) => {
    expect(left(await stamper.stamp('epub', bytes(), buyer))).toEqual({ _tag: 'DomainError', kind: 'invalid', message: UNREADABLE_EPUB });
  });

  it('refuses a ZIP that claims to unpack to more than it stamps', async () => {
    const zip = Buffer.from(epub(sampleEpubOpf(), { 'huge.bin': new Uint8Array(0) }));
    // The central directory's record of huge.bin claims 3 GB, as a ZIP bomb's does.
    const central = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), zip.lastIndexOf(Buffer.from('huge.bin')));
    expect(central).toBeGreaterThan(0);
    zip.writeUInt32LE(3_000_000_000, central + 24);
    expect(left(await stamper.stamp('epub', zip, buyer)).message).toBe(EPUB_TOO_LARGE);
  });
});
