import * as E from 'fp-ts/Either';
import {
  PDFDict,
  PDFDocument,
  PDFFont,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFPage,
  StandardFonts,
  TextRenderingMode,
  beginMarkedContent,
  beginText,
  endMarkedContent,
  endText,
  popGraphicsState,
  pushGraphicsState,
  setFillingGrayscaleColor,
  setFontAndSize,
  setTextMatrix,
  setTextRenderingMode,
  showText,
} from 'pdf-lib';
import { Stamp } from '../../core/delivery/domain/stamp';
import { DomainError, invalid } from '../../core/shared/errors';
import { lineAt, quarterTurns, shownSize, visibleBox } from './page-frame';

export const ENCRYPTED_PDF = 'This PDF is encrypted or password-protected, so the store cannot stamp it: upload it without protection';
export const UNREADABLE_PDF = 'This file could not be read as a PDF, so the store cannot stamp it';
export const PDF_WITHOUT_PAGES = 'This PDF has no pages to stamp';

/** Small and grey, in the margin: it names the buyer without getting in the reader's way. */
const MARGIN_SIZE = 7;
const MARGIN_GREY = 0.55;
/** From the shown bottom edge to the line's baseline: below the page numbers of most books. */
const MARGIN_UP = 6;
const SIDE = 12;
/** The hidden line across the page's middle: cropping the margin away does not remove it. */
const HIDDEN_SIZE = 10;

/**
 * Stamps a PDF in place (load, add, save: issue 19 part 4). Pages are never copied into a new
 * document, so the outline, links, forms, page labels and structure stay as they were. Each page
 * gets its own small content stream after its own, which is wrapped in q/Q (pdf-lib's page
 * normalisation), so whatever state the page's content leaves behind cannot move or hide the stamp.
 */
export const stampPdf = async (original: Uint8Array, stamp: Stamp): Promise<E.Either<DomainError, Uint8Array>> => {
  const opened = await open(original);
  if (E.isLeft(opened)) return opened;
  const document = opened.right;
  try {
    const pages = document.getPages();
    if (pages.length === 0) return E.left(invalid(PDF_WITHOUT_PAGES));
    const font = await document.embedFont(StandardFonts.Helvetica);
    const fontKeys = new Map<PDFDict, PDFName>();
    for (const page of pages) page.pushOperators(...stampOperators(page, font, fontKey(page, font, fontKeys), stamp.text));
    writeMetadata(document, stamp);
    return E.right(await document.save());
  } catch {
    // pdf-lib reads leniently and fails late on what it skipped: a page without a size, a broken tree.
    return E.left(invalid(UNREADABLE_PDF));
  }
};

const open = async (bytes: Uint8Array): Promise<E.Either<DomainError, PDFDocument>> => {
  try {
    // updateMetadata off: the publisher's producer, creator and dates stay as they were. Encryption is
    // checked here rather than caught: pdf-lib's errors are ES5 classes, which instanceof cannot tell apart.
    const document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    return document.isEncrypted ? E.left(invalid(ENCRYPTED_PDF)) : E.right(document);
  } catch {
    return E.left(invalid(UNREADABLE_PDF));
  }
};

/**
 * The name the page's resources give the stamp's font. Pages often share one resource dictionary
 * (inherited from the page tree): it gets the font once, not once per page.
 */
const fontKey = (page: PDFPage, font: PDFFont, keys: Map<PDFDict, PDFName>): PDFName => {
  page.node.normalize();
  const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  const known = keys.get(fonts);
  if (known) return known;
  const key = page.node.newFontDictionary(font.name, font.ref);
  keys.set(fonts, key);
  return key;
};

const stampOperators = (page: PDFPage, font: PDFFont, key: PDFName, text: string): PDFOperator[] => {
  const rotation = quarterTurns(page.getRotation().angle);
  const box = visibleBox(page.getCropBox(), page.getMediaBox());
  const shown = shownSize(box, rotation);
  const encoded = font.encodeText(text);
  const widthAt = (size: number) => font.widthOfTextAtSize(text, size);
  // A long address shrinks the line rather than running off the page.
  const fit = (size: number) => Math.min(size, (size * (shown.width - 2 * SIDE)) / widthAt(size));
  const marginSize = fit(MARGIN_SIZE);
  const hiddenSize = fit(HIDDEN_SIZE);
  const centred = (size: number) => Math.max(SIDE, (shown.width - widthAt(size)) / 2);
  // An artifact (as page numbers are): extraction finds it, but a screen reader does not read it on every page.
  return [
    beginMarkedContent('Artifact'),
    pushGraphicsState(),
    setFillingGrayscaleColor(MARGIN_GREY),
    ...line(key, marginSize, lineAt(box, rotation, centred(marginSize), MARGIN_UP), encoded),
    setTextRenderingMode(TextRenderingMode.Invisible),
    ...line(key, hiddenSize, lineAt(box, rotation, centred(hiddenSize), shown.height / 2), encoded),
    popGraphicsState(),
    endMarkedContent(),
  ];
};

const line = (key: PDFName, size: number, at: readonly number[], text: PDFHexString): PDFOperator[] => [
  beginText(),
  setFontAndSize(key, size),
  setTextMatrix(at[0]!, at[1]!, at[2]!, at[3]!, at[4]!, at[5]!),
  showText(text),
  endText(),
];

/** Subject and keywords, which every viewer's document properties show, and keys of the store's own. */
const writeMetadata = (document: PDFDocument, stamp: Stamp) => {
  const subject = document.getSubject();
  const keywords = document.getKeywords();
  document.setSubject(subject ? `${subject} (${stamp.text})` : stamp.text);
  document.setKeywords([...(keywords ? [keywords] : []), stamp.email, `order ${stamp.orderNumber}`]);
  const info = document.context.lookup(document.context.trailerInfo.Info, PDFDict);
  info.set(PDFName.of('LicensedTo'), PDFHexString.fromText(stamp.email));
  info.set(PDFName.of('OrderNumber'), PDFHexString.fromText(stamp.orderNumber));
};
