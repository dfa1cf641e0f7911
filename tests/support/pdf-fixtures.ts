/** PDFs made for the stamping tests with pdf-lib: odd pages, and files the stamper must refuse. */
import { PDFDict, PDFDocument, PDFHexString, PDFName, StandardFonts, concatTransformationMatrix, degrees } from 'pdf-lib';

/** One page per rotation, each with a crop box inside its media box, as a scanned or imposed book has. */
export const turnedAndCroppedPdf = async (): Promise<Uint8Array> => {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const angle of [0, 90, 180, 270, -90, 450]) {
    const page = document.addPage([400, 600]);
    page.setRotation(degrees(angle));
    page.setCropBox(50, 60, 300, 480);
    page.drawText(`Turned ${angle}`, { x: 100, y: 300, size: 20, font });
  }
  return document.save();
};

/**
 * A page whose content leaves its coordinates scaled and moved (no q/Q around its `cm`), as some
 * generators write: anything drawn after it naively lands off the page.
 */
export const pageLeavingItsStateBehind = async (): Promise<Uint8Array> => {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([400, 600]);
  page.drawText('Body text', { x: 40, y: 500, size: 12, font });
  page.pushOperators(concatTransformationMatrix(3, 0, 0, 3, 900, 900));
  return document.save();
};

/** A PDF that says it is encrypted (an /Encrypt dictionary in its trailer), as a protected publisher's file does. */
export const encryptedPdf = async (): Promise<Uint8Array> => {
  const document = await PDFDocument.create();
  document.addPage([400, 600]);
  const key = PDFHexString.of('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a');
  document.context.trailerInfo.Encrypt = document.context.register(document.context.obj({ Filter: 'Standard', V: 1, R: 2, O: key, U: key, P: -44 }));
  return document.save();
};

/** Pages without resources of their own: all inherit one dictionary from the page tree, as many generators write. */
export const pagesSharingResources = async (pages: number): Promise<Uint8Array> => {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const { context } = document;
  document.catalog.Pages().set(PDFName.of('Resources'), context.register(context.obj({ Font: { F1: font.ref } })));
  for (let n = 0; n < pages; n++) {
    const page = document.addPage([400, 600]);
    page.node.delete(PDFName.of('Resources'));
    page.node.set(PDFName.of('Contents'), context.register(context.stream(`BT /F1 12 Tf 40 500 Td (Page ${n + 1}) Tj ET`)));
  }
  return document.save();
};

/** The font names of every page's resources, whether its own or inherited. */
export const fontNamesOfPages = async (pdf: Uint8Array): Promise<string[][]> => {
  const document = await PDFDocument.load(pdf);
  return document.getPages().map((page) => {
    const resources = document.context.lookup(page.node.getInheritableAttribute(PDFName.of('Resources')), PDFDict);
    return resources.lookup(PDFName.of('Font'), PDFDict).keys().map((key) => key.decodeText());
  });
};
