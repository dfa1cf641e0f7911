import { IMAGE_FORMATS, IMAGE_TOO_BIG, MAX_IMAGE_BYTES, MAX_IMAGES_PER_PRODUCT, TOO_MANY_IMAGES } from '../../../core/catalog/domain/images';
import { productFieldsOf, splitList, type ProductDraft } from '../../../core/catalog/domain/product-form';
import { isDomainError } from '../../../core/shared/errors';
import type { EditableProductData } from '../api/admin';

/** An image of the form: an address typed in, or a file chosen to upload. */
export type ImageEntry = { kind: 'url'; url: string } | { kind: 'file'; file: File };

/** The text fields of the form, as typed (numbers too: the core reads them). */
export type TextField = Exclude<keyof ProductDraft, 'subcategory' | 'covers' | 'smallCover'>;

/**
 * The product form as the editor holds it: text as typed (the authors as one line, split on commas
 * by the core), the book categories as the boxes ticked, and the images as a list of entries.
 */
export interface ProductFormValue {
  readonly text: Record<TextField, string>;
  readonly subcategory: readonly string[];
  readonly covers: readonly ImageEntry[];
  readonly smallCover: readonly ImageEntry[];
}

export type ImageField = 'covers' | 'smallCover';

const TEXT_FIELDS: readonly TextField[] = [
  'title',
  'author',
  'description',
  'price',
  'egpprice',
  'category',
  'size',
  'Pages',
  'Language',
  'format',
  'year',
  'isbn',
  'eISBN',
  'duration',
  'videonumbers',
  'producturl',
  'downloadpass',
  'arabicTitle',
  'arabicDescription',
  'keepEgpPrice',
];

export const emptyProductForm = (): ProductFormValue => ({
  text: { ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>), category: 'books', keepEgpPrice: 'false' },
  subcategory: [],
  covers: [],
  smallCover: [],
});

const urls = (list: readonly string[]): ImageEntry[] => list.map((url) => ({ kind: 'url', url }));

/** A loaded product in the form: prices and numbers as the numbers they are, lists as entries. */
export const productFormOf = (p: EditableProductData): ProductFormValue => ({
  text: {
    title: p.title,
    author: p.author.join(', '),
    description: p.description,
    price: String(p.price),
    egpprice: String(p.egpprice),
    category: p.category,
    size: String(p.size),
    Pages: String(p.Pages),
    Language: p.Language,
    format: p.format,
    year: p.year,
    isbn: p.isbn ?? '',
    eISBN: p.eISBN ?? '',
    duration: p.duration ?? '',
    videonumbers: p.videonumbers ?? '',
    producturl: p.producturl,
    downloadpass: p.downloadpass,
    arabicTitle: p.arabicTitle ?? '',
    arabicDescription: p.arabicDescription ?? '',
    keepEgpPrice: String(p.keepEgpPrice),
  },
  subcategory: [...p.subcategory],
  covers: urls(p.covers),
  smallCover: urls(p.smallCover),
});

const addressesOf = (entries: readonly ImageEntry[]) => entries.flatMap((e) => (e.kind === 'url' ? [e.url] : []));
const filesOf = (entries: readonly ImageEntry[]) => entries.flatMap((e) => (e.kind === 'file' ? [e.file] : []));

/** What the core checks: the form without its files (their content is the server's to check). */
export const draftOf = (form: ProductFormValue): ProductDraft => ({
  ...form.text,
  subcategory: form.subcategory,
  covers: addressesOf(form.covers),
  smallCover: addressesOf(form.smallCover),
});

/**
 * The core's rules for the form, before anything is sent, plus what can be told of the files here
 * (their number and size), all problems at once, one per line.
 */
export const formProblems = (form: ProductFormValue): string | undefined => {
  const checked = productFieldsOf(draftOf(form));
  const problems = isDomainError(checked) ? checked.message.split('\n') : [];
  const files = [...filesOf(form.covers), ...filesOf(form.smallCover)];
  if (files.length > MAX_IMAGES_PER_PRODUCT) problems.push(TOO_MANY_IMAGES);
  if (files.some((f) => f.size > MAX_IMAGE_BYTES)) problems.push(IMAGE_TOO_BIG);
  return problems.length > 0 ? problems.join('\n') : undefined;
};

/**
 * The multipart body of addnew and updateTheDetails: each text field once, each list entry as a
 * `name[]` entry (authors split on commas), image addresses as `covers[]` / `smallCover[]` and the
 * files chosen under `coversFiles` / `smallCoverFiles`.
 */
export const productFormData = (form: ProductFormValue): FormData => {
  const data = new FormData();
  for (const field of TEXT_FIELDS) if (field !== 'author') data.append(field, form.text[field].trim());
  for (const author of splitList(form.text.author)) data.append('author[]', author);
  for (const category of form.subcategory) data.append('subcategory[]', category);
  for (const field of ['covers', 'smallCover'] as const) {
    for (const address of addressesOf(form[field])) data.append(`${field}[]`, address);
    for (const file of filesOf(form[field])) data.append(`${field}Files`, file, file.name);
  }
  return data;
};

/** The file input's `accept`: the formats the server takes, by extension and by type. */
export const IMAGE_ACCEPT = IMAGE_FORMATS.flatMap((f) =>
  f === 'jpg' ? ['.jpg', '.jpeg', 'image/jpeg'] : [`.${f}`, `image/${f}`],
).join(',');
