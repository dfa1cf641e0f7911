/**
 * Reads a PDF as a reader would, with pdf.js (pdfjs-dist, the same library as the in-browser
 * reader): each page's text as extraction finds it, the outline, the links and the document info.
 * Jest's SWC transform would turn `import()` into `require()`, which cannot load pdf.js's ES module,
 * so the import is made at run time (jest runs with --experimental-vm-modules).
 */
import type * as PdfJs from 'pdfjs-dist';

// The source differs in every test file's environment: V8 reuses a function compiled from the same
// source, with the dynamic-import hook of the first (torn-down) environment that compiled it.
const importModule = new Function('specifier', `return import(specifier) // ${Math.random()}`) as (specifier: string) => Promise<typeof PdfJs>;
let pdfjs: Promise<typeof PdfJs> | undefined;
const library = () => (pdfjs ??= importModule('pdfjs-dist/legacy/build/pdf.mjs'));

export interface TextLine {
  readonly text: string;
  /** The text matrix in the page's own coordinates: direction (a, b) and start (e, f). */
  readonly transform: readonly number[];
  readonly width: number;
}

export interface ReadPage {
  readonly text: string;
  readonly lines: readonly TextLine[];
  /** Every text rendering mode the page's content sets (3: invisible). */
  readonly renderingModes: readonly number[];
  readonly links: readonly { url?: string; rect: number[] }[];
  /** The crop box as pdf.js sees it (the page's view): [x1, y1, x2, y2]. */
  readonly view: readonly number[];
  readonly rotate: number;
}

export interface OutlineEntry {
  readonly title: string;
  readonly page: number | undefined;
  readonly items: readonly OutlineEntry[];
}

export interface ReadPdf {
  readonly pages: readonly ReadPage[];
  readonly outline: readonly OutlineEntry[];
  readonly info: Record<string, unknown> & { Custom?: Record<string, string> };
}

type Document = Awaited<ReturnType<typeof PdfJs.getDocument>['promise']>;
type OutlineNode = Awaited<ReturnType<Document['getOutline']>>[number];

const outlineOf = async (document: Document, nodes: readonly OutlineNode[] | null): Promise<OutlineEntry[]> =>
  Promise.all(
    (nodes ?? []).map(async (node) => {
      const dest = typeof node.dest === 'string' ? await document.getDestination(node.dest) : node.dest;
      const page = Array.isArray(dest) && dest[0] ? await document.getPageIndex(dest[0]) : undefined;
      return { title: node.title, page, items: await outlineOf(document, node.items as OutlineNode[]) };
    }),
  );

export const readPdf = async (bytes: Uint8Array): Promise<ReadPdf> => {
  const { getDocument, OPS } = await library();
  // pdf.js takes the buffer over: it gets a copy, so the caller's bytes stay usable.
  const document = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: ReadPage[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      const lines = content.items.flatMap((item) => ('str' in item && item.str ? [{ text: item.str, transform: item.transform as number[], width: item.width }] : []));
      const operators = await page.getOperatorList();
      const renderingModes = operators.fnArray.flatMap((fn, i) => (fn === OPS.setTextRenderingMode ? [operators.argsArray[i][0] as number] : []));
      const annotations = (await page.getAnnotations()) as { subtype: string; url?: string; rect: number[] }[];
      pages.push({
        text: lines.map((l) => l.text).join('\n'),
        lines,
        renderingModes,
        links: annotations.filter((a) => a.subtype === 'Link').map((a) => ({ url: a.url, rect: a.rect })),
        view: page.view,
        rotate: page.rotate,
      });
    }
    const { info } = await document.getMetadata();
    return { pages, outline: await outlineOf(document, await document.getOutline()), info: info as ReadPdf['info'] };
  } finally {
    await document.destroy();
  }
};
