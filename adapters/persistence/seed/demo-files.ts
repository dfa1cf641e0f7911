import { Knex } from 'knex';
import { NewProduct } from '../../../core/catalog/domain/product';
import { FileStorage } from '../../../core/delivery/ports/file-storage';
import { CONTENT_TYPE_OF, FileKind, productFileKey } from '../../../core/delivery/domain/product-file';
import { slugify } from './demo-catalogue';
import { sampleEpub, samplePdf } from './sample-files';

/** The file of a demo product: its EPUB for an EPUB book, else a PDF (a course's is its handbook). */
const sampleOf = async (product: NewProduct): Promise<{ kind: FileKind; bytes: Uint8Array }> => {
  const book = { title: product.title, author: product.author.join(', ') };
  return product.format === 'epub' ? { kind: 'epub', bytes: sampleEpub(book) } : { kind: 'pdf', bytes: await samplePdf(book) };
};

/** The demo file's id: the product's with another prefix, so seeding twice names the same file. */
const fileIdOf = (productId: string) => `f11e${productId.slice(4)}`;

/**
 * Real small files for the demo catalogue (issue 19 part 8): each demo product gets a generated PDF
 * or EPUB in the file storage and its row, so a new user's first download works, is stamped and
 * opens in the reader. The catalogue seed's products carry no outside link for that reason. Files
 * are put before their rows, so a row never names a missing file; rows are written like the
 * catalogue seed's, without audit entries (no admin did this).
 */
export const seedDemoFiles = async (db: Knex, storage: FileStorage, products: readonly NewProduct[], at: Date): Promise<number> => {
  const rows = [];
  for (const product of products) {
    const { kind, bytes } = await sampleOf(product);
    const id = fileIdOf(product._id);
    const key = productFileKey(product._id, id, kind);
    const stored = await storage.put(key, (async function* () { yield bytes; })(), { contentType: CONTENT_TYPE_OF[kind], visibility: 'private' });
    rows.push({ id, product_id: product._id, name: `${slugify(product.title)}.${kind}`, kind, key, size: stored.size, uploaded_at: at });
  }
  await db('product_files').insert(rows).onConflict('id').ignore();
  return rows.length;
};
