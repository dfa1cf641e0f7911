import { z } from 'zod';
import { IMAGE_TOO_BIG, MAX_IMAGES_PER_PRODUCT, MAX_IMAGE_BYTES, TOO_MANY_IMAGES, UploadedImage, shown } from '../../core/catalog/domain/images';
import { DraftField, FIELD_LABELS, ProductDraft } from '../../core/catalog/domain/product-form';
import { BAD_VERSION, ProductUploads } from '../../core/catalog/use-cases/manage-products';
import { DomainError, invalid } from '../../core/shared/errors';
import { imageAddresses } from './image-addresses';
import { FormLimits, ReceivedForm } from './multipart';
import { textField } from '../../api/fields';
import { firstIssue } from './respond';

/**
 * The product form of `addnew` and `updateTheDetails` (spec 5 and 7) as it arrives, multipart or
 * JSON, made into the core's ProductDraft and the uploaded files. Only the shape is checked here;
 * the rules (required fields, numbers, categories, addresses) are the core's (productFieldsOf).
 */

const COVER_FILES = ['covers', 'covers[]', 'coversFiles', 'coversFiles[]'];
const SMALL_COVER_FILES = ['smallCover', 'smallCover[]', 'smallCoverFiles', 'smallCoverFiles[]'];

export const UPLOAD_TOO_LARGE = `${TOO_MANY_IMAGES}, and ${IMAGE_TOO_BIG.toLowerCase()}`;

export const PRODUCT_FORM_LIMITS: FormLimits = {
  fileFields: [...COVER_FILES, ...SMALL_COVER_FILES],
  maxFiles: MAX_IMAGES_PER_PRODUCT,
  maxFileBytes: MAX_IMAGE_BYTES,
  // Every field of the form, each list at the core's 20 entries, several times over.
  maxFields: 500,
  // A description at its 20,000 characters is at most 80 KB.
  maxFieldBytes: 1024 * 1024,
  tooManyFiles: TOO_MANY_IMAGES,
  tooLarge: UPLOAD_TOO_LARGE,
  fileTooBig: (name) => IMAGE_TOO_BIG + shown(name),
};

/** Far above every limit of the core, whose messages say the real ones; this only bounds the work. */
const EDGE_MAX = 100_000;
const MAX_ENTRIES = 200;

const text = (field: DraftField, multiline = false) => textField(FIELD_LABELS[field], { max: EDGE_MAX, multiline }).optional();
/** Prices, size and pages: text as typed, or a JSON number. */
const numeric = (field: DraftField) =>
  z
    .union([textField(FIELD_LABELS[field], { max: EDGE_MAX }), z.number().finite().transform(String)], {
      error: `${FIELD_LABELS[field]} must be a number`,
    })
    .optional();
/** Authors and book categories: one typed string (split on commas by the core) or entries. */
const list = (field: DraftField) => {
  const entry = textField(FIELD_LABELS[field], { max: EDGE_MAX });
  return z
    .union([entry, z.array(entry).max(MAX_ENTRIES, `${FIELD_LABELS[field]}: too many entries`)], {
      error: `${FIELD_LABELS[field]} must be text or a list of texts`,
    })
    .optional();
};
const images = (field: DraftField) =>
  z
    .unknown()
    .transform((value, context) => {
      const found = imageAddresses(value);
      if (!found) context.addIssue({ code: 'custom', message: `${FIELD_LABELS[field]} must be image addresses (a list, JSON or separated by commas)` });
      return found ?? [];
    })
    .optional();

const productForm = z.strictObject(
  {
    title: text('title'),
    author: list('author'),
    description: text('description', true),
    covers: images('covers'),
    smallCover: images('smallCover'),
    price: numeric('price'),
    egpprice: numeric('egpprice'),
    category: text('category'),
    subcategory: list('subcategory'),
    size: numeric('size'),
    Pages: numeric('Pages'),
    Language: text('Language'),
    format: text('format'),
    year: text('year'),
    isbn: text('isbn'),
    eISBN: text('eISBN'),
    duration: text('duration'),
    videonumbers: text('videonumbers'),
    producturl: text('producturl'),
    downloadpass: text('downloadpass'),
    arabicTitle: text('arabicTitle'),
    arabicDescription: text('arabicDescription', true),
    // A checkbox: text as a form sends it, or a JSON boolean; the core says which texts it takes.
    keepEgpPrice: z.union([textField(FIELD_LABELS.keepEgpPrice, { max: 20 }), z.boolean().transform(String)], { error: `${FIELD_LABELS.keepEgpPrice} must be true or false` }).optional(),
    // The version the editor loaded (issue 21): a product saved since is not overwritten.
    version: z.union([z.string().regex(/^\d{1,9}$/, BAD_VERSION).transform(Number), z.number()], { error: BAD_VERSION }).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${String(issue.keys[0]).slice(0, 40)}` : undefined) },
);

/** What the editor sends back of a product it loaded, which no one writes. */
const READ_ONLY = new Set(['_id', 'createdAt', 'deleted']);

/** `author[]` and `author` are one list; a name sent several times is a list of its values. */
export const mergedFields = (fields: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  // No prototype: a field named __proto__ is one more unknown field, not a change of prototype.
  const merged: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(fields)) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    if (READ_ONLY.has(name)) continue;
    if (!(name in merged)) merged[name] = key.endsWith('[]') && !Array.isArray(value) ? [value] : value;
    else merged[name] = [...[merged[name]].flat(), ...[value].flat()];
  }
  return merged;
};

export interface ProductFormInput {
  readonly draft: ProductDraft;
  readonly uploads: ProductUploads;
  /** The product's version the edit was made from, when the editor sent it. */
  readonly madeFrom?: number;
}

/** The draft and the files of a received form, or why its shape is not a product form's (400). */
export const productFormOf = (form: ReceivedForm): ProductFormInput | DomainError => {
  const parsed = productForm.safeParse(mergedFields(form.fields));
  if (!parsed.success) return invalid(firstIssue(parsed.error));
  const upload = (names: readonly string[]): UploadedImage[] =>
    form.files.filter((file) => names.includes(file.field)).map(({ name, bytes }) => ({ name, bytes }));
  const { version, ...draft } = parsed.data;
  return { draft, uploads: { covers: upload(COVER_FILES), smallCover: upload(SMALL_COVER_FILES) }, ...(version === undefined ? {} : { madeFrom: version }) };
};
