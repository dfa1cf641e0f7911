/**
 * The few edits the stamp makes to an EPUB's package document (OPF), as text: each is an element
 * added next to what is there, so everything else in the publisher's file stays byte for byte. A
 * package may prefix its elements (`<opf:manifest>`); what is added takes the same prefix.
 */

export const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const unescapeXml = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&');

const attribute = (tag: string, name: string): string | undefined => {
  const found = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  return found ? unescapeXml(found[1] ?? found[2] ?? '') : undefined;
};

/** The package document's path in the ZIP, as META-INF/container.xml names it. */
export const packagePath = (container: string): string | undefined => {
  const rootfile = /<(?:[\w-]+:)?rootfile\b[^>]*>/.exec(container)?.[0];
  return rootfile && attribute(rootfile, 'full-path');
};

export interface Colophon {
  /** Its path relative to the package document. */
  readonly href: string;
  readonly id: string;
  /** What dc:rights says. */
  readonly rights: string;
}

/** An id no element of the package has yet. */
export const freeId = (opf: string, wanted: string): string => {
  const taken = new Set(Array.from(opf.matchAll(/\sid\s*=\s*(?:"([^"]*)"|'([^']*)')/g), (m) => m[1] ?? m[2]));
  let id = wanted;
  for (let n = 2; taken.has(id); n++) id = `${wanted}-${n}`;
  return id;
};

/** EPUB 2 packages (version="2.0") take XHTML 1.1 pages; EPUB 3 ones HTML5's XHTML syntax. */
export const packageVersion = (opf: string): string => attribute(/<(?:[\w-]+:)?package\b[^>]*>/.exec(opf)?.[0] ?? '', 'version') ?? '3.0';

/**
 * The package with the colophon in its manifest and spine and the stamp in its metadata, or
 * undefined when it lacks one of the three (then it is no EPUB package).
 */
export const withColophon = (opf: string, colophon: Colophon): string | undefined => {
  const metadataEnd = /<\/([\w-]+:)?metadata\s*>/.exec(opf);
  const manifestEnd = /<\/([\w-]+:)?manifest\s*>/.exec(opf);
  const spineStart = /<([\w-]+:)?spine\b[^>]*?(\/?)>/.exec(opf);
  if (!metadataEnd || !manifestEnd || !spineStart || spineStart[2] === '/') return undefined;
  const prefix = manifestEnd[1] ?? '';
  const item = `<${prefix}item id="${escapeXml(colophon.id)}" href="${escapeXml(colophon.href)}" media-type="application/xhtml+xml"/>`;
  const itemref = `<${spineStart[1] ?? ''}itemref idref="${escapeXml(colophon.id)}"/>`;
  // The namespace on the element itself: a package need not declare the dc prefix anywhere else.
  const rights = `<dc:rights xmlns:dc="http://purl.org/dc/elements/1.1/">${escapeXml(colophon.rights)}</dc:rights>`;
  const spineAt = spineStart.index + spineStart[0].length;
  const edits = [
    { at: metadataEnd.index, text: rights },
    { at: manifestEnd.index, text: item },
    { at: afterCover(opf, spineAt), text: itemref },
  ].sort((a, b) => b.at - a.at);
  return edits.reduce((text, edit) => text.slice(0, edit.at) + edit.text + text.slice(edit.at), opf);
};

/**
 * Where the colophon goes in the spine: first, as a printed book's copyright page is, unless the
 * spine opens with the cover, which stays the first thing a reader sees.
 */
const afterCover = (opf: string, spineAt: number): number => {
  const first = /^\s*<(?:[\w-]+:)?itemref\b[^>]*>/.exec(opf.slice(spineAt));
  if (!first) return spineAt;
  const idref = attribute(first[0], 'idref') ?? '';
  const items = Array.from(opf.matchAll(/<(?:[\w-]+:)?item\b[^>]*>/g), (m) => m[0]);
  const item = items.find((tag) => attribute(tag, 'id') === idref);
  const looksLikeCover = /cover/i.test(idref) || /cover/i.test(item ? (attribute(item, 'href') ?? '') : '');
  return looksLikeCover ? spineAt + first[0].length : spineAt;
};

/** The colophon page: the stamp, in the words a printed book's copyright page would use. */
export const colophonPage = (stampText: string, version: string): string => {
  const text = escapeXml(stampText);
  const doctype = version.startsWith('2')
    ? '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">'
    : '<!DOCTYPE html>';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    doctype,
    '<html xmlns="http://www.w3.org/1999/xhtml">',
    '<head><title>Licence</title></head>',
    '<body>',
    `<p>${text}</p>`,
    '<p>This copy is for the buyer named above only. Please do not share it.</p>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
};
