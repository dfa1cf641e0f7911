import * as E from 'fp-ts/Either';
import { SAMPLE_CHAPTERS, SAMPLE_LINK, samplePdf, sampleEpub } from '../../adapters/persistence/seed/sample-files';
import { ENCRYPTED_PDF, PDF_WITHOUT_PAGES, UNREADABLE_PDF } from '../../adapters/stamping/pdf-stamper';
import { FileStamper } from '../../adapters/stamping/stamper';
import { NOT_A_BUYER_ADDRESS } from '../../core/delivery/domain/stamp';
import { left, right } from '../support/either';
import { encryptedPdf, fontNamesOfPages, pageLeavingItsStateBehind, pagesSharingResources, turnedAndCroppedPdf } from '../support/pdf-fixtures';
import { ReadPage, readPdf } from '../support/pdf-reading';

/** The Stamper port on PDFs (adapters/stamping/pdf-stamper.ts), checked by reading the result with pdf.js. */
describe('stamping a PDF', () => {
  const stamper = new FileStamper();
  const buyer = { email: 'hana@mail.test', orderNumber: 'a1b2c3' };
  const STAMP = 'Licensed to hana@mail.test - order a1b2c3';
  const book = { title: 'Clinical Endodontics in Practice', author: 'Dr. Hana Ali' };
  const stampLines = (page: ReadPage) => page.lines.filter((line) => line.text === STAMP);

  it('puts the stamp on every page, where text extraction finds it', async () => {
    const original = await samplePdf(book, 12);
    const stamped = await readPdf(right(await stamper.stamp('pdf', original, buyer)));
    expect(stamped.pages).toHaveLength(12);
    for (const page of stamped.pages) {
      // The grey margin line and the invisible one across the middle.
      expect(stampLines(page)).toHaveLength(2);
      expect(page.renderingModes).toContain(3);
    }
    expect((await readPdf(original)).pages.some((page) => page.text.includes('hana@mail.test'))).toBe(false);
  });

  it('keeps the bookmarks and the links', async () => {
    const original = await samplePdf(book, 12);
    const before = await readPdf(original);
    const after = await readPdf(right(await stamper.stamp('pdf', original, buyer)));
    expect(before.outline.map((entry) => entry.title)).toEqual(SAMPLE_CHAPTERS.map((title, n) => `${n + 1}. ${title}`));
    expect(after.outline).toEqual(before.outline);
    expect(after.pages[0]!.links).toEqual([expect.objectContaining({ url: SAMPLE_LINK })]);
    expect(after.pages.map((page) => page.links)).toEqual(before.pages.map((page) => page.links));
  });

  it('writes the stamp into the document info and keeps the publisher\'s', async () => {
    const stamped = await readPdf(right(await stamper.stamp('pdf', await samplePdf(book), buyer)));
    expect(stamped.info).toEqual(
      expect.objectContaining({
        Title: book.title,
        Author: book.author,
        Producer: 'Dental Library demo catalogue',
        CreationDate: expect.stringMatching(/^D:20260115090000/),
        Subject: STAMP,
        Keywords: 'hana@mail.test order a1b2c3',
        Custom: { LicensedTo: 'hana@mail.test', OrderNumber: 'a1b2c3' },
      }),
    );
  });

  it('reads left to right along the bottom of each page as shown, inside its crop box, whatever the page\'s rotation', async () => {
    const stamped = await readPdf(right(await stamper.stamp('pdf', await turnedAndCroppedPdf(), buyer)));
    const directions: Record<number, [number, number]> = { 0: [1, 0], 90: [0, 1], 180: [-1, 0], 270: [0, -1] };
    expect(stamped.pages.map((page) => page.rotate)).toEqual([0, 90, 180, 270, 270, 90]);
    for (const page of stamped.pages) {
      const [x1, y1, x2, y2] = page.view as [number, number, number, number];
      expect([x1, y1, x2, y2]).toEqual([50, 60, 350, 540]);
      const margin = stampLines(page).find((line) => Math.hypot(line.transform[0]!, line.transform[1]!) < 8)!;
      const [a, b, , , x, y] = margin.transform as [number, number, number, number, number, number];
      const size = Math.hypot(a, b);
      expect([Math.round(a / size), Math.round(b / size)]).toEqual(directions[page.rotate]);
      // The line's start and end lie in the crop box ...
      for (const [px, py] of [[x, y], [x + (a / size) * margin.width, y + (b / size) * margin.width]] as const) {
        expect(px).toBeGreaterThanOrEqual(x1);
        expect(px).toBeLessThanOrEqual(x2);
        expect(py).toBeGreaterThanOrEqual(y1);
        expect(py).toBeLessThanOrEqual(y2);
      }
      // ... a few points from the edge that is the bottom as the page is shown.
      const fromBottom = { 0: y - y1, 90: x2 - x, 180: y2 - y, 270: x - x1 }[page.rotate]!;
      expect(fromBottom).toBeGreaterThan(2);
      expect(fromBottom).toBeLessThan(12);
    }
  });

  it('is not moved off the page by a page whose content leaves its coordinates changed', async () => {
    const page = (await readPdf(right(await stamper.stamp('pdf', await pageLeavingItsStateBehind(), buyer)))).pages[0]!;
    expect(page.text).toContain('Body text');
    for (const line of stampLines(page)) {
      expect(line.transform[4]).toBeLessThan(400);
      expect(line.transform[5]).toBeLessThan(600);
      expect(Math.hypot(line.transform[0]!, line.transform[1]!)).toBeLessThanOrEqual(10);
    }
  });

  it('stamps pages that inherit one resource dictionary, adding its font there once', async () => {
    const original = await pagesSharingResources(20);
    const before = await fontNamesOfPages(original);
    const stamped = right(await stamper.stamp('pdf', original, buyer));
    const after = await fontNamesOfPages(stamped);
    expect(before).toEqual(Array(20).fill(['F1']));
    expect(after).toHaveLength(20);
    expect(new Set(after.map((names) => names.join()))).toEqual(new Set([after[0]!.join()]));
    expect(after[0]).toHaveLength(2);
    for (const [n, page] of (await readPdf(stamped)).pages.entries()) {
      expect(page.text).toContain(`Page ${n + 1}`);
      expect(stampLines(page)).toHaveLength(2);
    }
  });

  it('shrinks a long address to fit the page', async () => {
    const email = `${'l'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(61)}`;
    const page = (await readPdf(right(await stamper.stamp('pdf', await samplePdf(book), { email, orderNumber: 'a1b2c3' })))).pages[0]!;
    const lines = page.lines.filter((line) => line.text.includes(email));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.transform[4]).toBeGreaterThanOrEqual(0);
      expect(line.transform[4]! + line.width).toBeLessThanOrEqual(420);
    }
  });

  it('stamps an internationalised address in its ASCII form', async () => {
    const stamped = await readPdf(right(await stamper.stamp('pdf', await samplePdf(book), { email: 'سارة@مثال.مصر', orderNumber: 'a1b2c3' })));
    for (const page of stamped.pages) expect(page.text).toContain('Licensed to xn--mgbexg@xn--mgbh0fb.xn--wgbh1c - order a1b2c3');
    expect(stamped.info.Custom?.LicensedTo).toBe('xn--mgbexg@xn--mgbh0fb.xn--wgbh1c');
  });

  it('gives the same bytes for the same file and buyer', async () => {
    const original = await samplePdf(book);
    expect(Buffer.from(right(await stamper.stamp('pdf', original, buyer))).equals(Buffer.from(right(await stamper.stamp('pdf', original, buyer))))).toBe(true);
  });

  it('refuses an encrypted PDF with a message', async () => {
    expect(left(await stamper.stamp('pdf', await encryptedPdf(), buyer))).toEqual({ _tag: 'DomainError', kind: 'invalid', message: ENCRYPTED_PDF });
  });

  it('refuses a stamp for no address before reading the file', async () => {
    expect(left(await stamper.stamp('pdf', await samplePdf(book), { email: 'hana', orderNumber: 'a1b2c3' })).message).toBe(NOT_A_BUYER_ADDRESS);
  });

  it.each([
    ['no bytes', () => new Uint8Array()],
    ['text', () => new TextEncoder().encode('Not a PDF at all')],
    ['a header alone', () => new TextEncoder().encode('%PDF-1.7\n')],
    ['an EPUB', () => sampleEpub(book)],
    ['random bytes', () => Uint8Array.from({ length: 4096 }, (_, n) => (n * 7919) % 251)],
  ])('refuses %s with a message, never throwing', async (_, bytes) => {
    expect(left(await stamper.stamp('pdf', bytes(), buyer))).toEqual(expect.objectContaining({ kind: 'invalid', message: expect.stringMatching(new RegExp(`^(${UNREADABLE_PDF}|${PDF_WITHOUT_PAGES})$`)) }));
  });

  it('answers a value for a PDF cut anywhere, never throwing', async () => {
    const whole = await samplePdf(book);
    for (const end of [10, 200, 1000, Math.floor(whole.length / 2), whole.length - 40]) {
      const outcome = await stamper.stamp('pdf', whole.slice(0, end), buyer);
      // A cut file may still hold whole pages (pdf-lib recovers objects); then it is stamped.
      if (E.isLeft(outcome)) expect(outcome.left.kind).toBe('invalid');
      else expect((await readPdf(outcome.right)).pages.every((page) => page.text.includes(STAMP))).toBe(true);
    }
  });
});
