import * as E from 'fp-ts/Either';
import * as TE from 'fp-ts/TaskEither';
import { Actor } from '../../audit/domain/audit';
import { requireAdmin } from '../../identity/domain/rights';
import { User } from '../../identity/domain/user';
import { DomainError, PRODUCT_NOT_FOUND, conflict, invalid, isDomainError, notFound } from '../../shared/errors';
import { Clock, Id, IdGenerator, isId } from '../../shared/ids';
import { attempt } from '../../shared/task';
import { ExchangeRate, exchangeRate } from '../domain/exchange-rate';
import { repriceWouldGiveAway } from '../domain/free';
import { CheckedImage, MAX_IMAGES_PER_PRODUCT, TOO_MANY_IMAGES, UploadedImage, checkImage } from '../domain/images';
import { LIMITS, ProductDraft, ProductFields, keepingArabic, productFieldsOf } from '../domain/product-form';
import { copyTitle } from '../domain/products-table';
import { EditableProduct, ExchangeRates, ImageReader, ImageStorage, ProductEditor, RepricePreview } from '../ports/product-editor';

/** Files sent with the form: new covers and small covers, added after the addresses typed. */
export interface ProductUploads {
  readonly covers: readonly UploadedImage[];
  readonly smallCover: readonly UploadedImage[];
}

export const NO_UPLOADS: ProductUploads = { covers: [], smallCover: [] };

export const NOT_DELETED = 'This product is not deleted, so there is nothing to recreate';
export const EDITED_MEANWHILE = 'Another admin saved this product after you opened it. Your changes were not saved: load it again to see theirs.';
export const BAD_VERSION = 'version must be the whole number the product was loaded with';

/** How many before/after examples the reprice preview shows. */
export const REPRICE_EXAMPLES = 5;

export interface Repriced {
  readonly updated: number;
  readonly rate: ExchangeRate;
}

/**
 * The Product Management Suite (spec sections 2 and 4; DECISIONS 8-10). Each method takes the acting
 * user and refuses anyone but an admin itself, so no adapter can forget the check.
 */
export class ManageProducts {
  constructor(
    private readonly editor: ProductEditor,
    private readonly images: ImageStorage,
    private readonly reader: ImageReader,
    private readonly rates: ExchangeRates,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /** The only read that answers a product's download link and password. */
  forEditing(user: User | undefined, id: string): TE.TaskEither<DomainError, EditableProduct> {
    return this.asAdmin(user, async () => (isId(id) && (await this.editor.forEditing(id))) || notFound(PRODUCT_NOT_FOUND));
  }

  create(user: User | undefined, draft: ProductDraft, uploads: ProductUploads = NO_UPLOADS): TE.TaskEither<DomainError, Id> {
    return this.asAdmin(user, async (actor) => {
      const id = this.ids.next();
      const written = await this.withImages(draft, uploads, async (fields) => {
        await this.editor.create({ ...fields, _id: id, createdAt: actor.at.toISOString() }, actor);
        return 'updated' as const;
      });
      return isDomainError(written) ? written : id;
    });
  }

  /**
   * `madeFrom`, the version the editor loaded (issue 21), makes a second admin's save of a product
   * saved since a 409 that changes nothing; without it (the spec's callers) the last save wins.
   */
  update(user: User | undefined, id: string, draft: ProductDraft, uploads: ProductUploads = NO_UPLOADS, madeFrom?: number): TE.TaskEither<DomainError, Id> {
    return this.asAdmin(user, async (actor) => {
      if (!isId(id)) return notFound(PRODUCT_NOT_FOUND);
      if (madeFrom !== undefined && !(Number.isSafeInteger(madeFrom) && madeFrom >= 0)) return invalid(BAD_VERSION);
      const unsent = draft.arabicTitle === undefined || draft.arabicDescription === undefined || draft.keepEgpPrice === undefined;
      const sent = unsent ? keepingArabic(draft, await this.editor.forEditing(id)) : draft;
      const written = await this.withImages(sent, uploads, (fields) => this.editor.update(id, fields, actor, madeFrom));
      if (isDomainError(written)) return written;
      if (written === 'stale') return conflict(EDITED_MEANWHILE);
      return written === 'missing' ? notFound(PRODUCT_NOT_FOUND) : id;
    });
  }

  /**
   * A new product copied from `id` (deleted or not), on sale, its title marked as a copy; not its
   * files, download link or password, which belong to the original's buyers.
   */
  duplicate(user: User | undefined, id: string): TE.TaskEither<DomainError, Id> {
    return this.asAdmin(user, async (actor) => {
      const original = isId(id) ? await this.editor.forEditing(id) : undefined;
      if (!original) return notFound(PRODUCT_NOT_FOUND);
      const { _id, createdAt, deleted, version, ...fields } = original;
      const copy = { ...fields, title: copyTitle(original.title, LIMITS.title), producturl: '', downloadpass: '' };
      const newId = this.ids.next();
      await this.editor.create({ ...copy, _id: newId, createdAt: actor.at.toISOString() }, actor);
      return newId;
    });
  }

  /** What Update Prices would do, changing nothing: the rate, the counts, a few before/after. */
  previewReprice(user: User | undefined): TE.TaskEither<DomainError, RepricePreview & { readonly rate: ExchangeRate }> {
    return this.asAdmin(user, async () => {
      const rate = exchangeRate(await this.rates.egpPerUsd());
      if (E.isLeft(rate)) return rate.left;
      return { ...(await this.editor.previewReprice(rate.right, REPRICE_EXAMPLES)), rate: rate.right };
    });
  }

  remove(user: User | undefined, id: string): TE.TaskEither<DomainError, 'removed' | 'unchanged'> {
    return this.asAdmin(user, async (actor) => {
      const removed = isId(id) ? await this.editor.remove(id, actor) : 'missing';
      return removed === 'missing' ? notFound(PRODUCT_NOT_FOUND) : removed;
    });
  }

  recreate(user: User | undefined, id: string): TE.TaskEither<DomainError, Id> {
    return this.asAdmin(user, async (actor) => {
      const recreated = isId(id) ? await this.editor.recreate(id, actor) : 'missing';
      if (recreated === 'missing') return notFound(PRODUCT_NOT_FOUND);
      return recreated === 'not-deleted' ? conflict(NOT_DELETED) : id;
    });
  }

  /**
   * Every EGP price from the USD price at the configured rate (DECISIONS 10), or none: a rate that
   * would make a priced product free in EGP is refused whole rather than floored at one pound, so
   * the admin sees which products are too cheap for it, and no price is written that nobody chose.
   */
  repriceEgp(user: User | undefined): TE.TaskEither<DomainError, Repriced> {
    return this.asAdmin(user, async (actor) => {
      const rate = exchangeRate(await this.rates.egpPerUsd());
      if (E.isLeft(rate)) return rate.left;
      const repricing = await this.editor.repriceEgp(rate.right, actor);
      if (repricing.kind === 'would-give-away') return invalid(repriceWouldGiveAway(rate.right.egpPerUsd, repricing.titles, repricing.count));
      return { updated: repricing.updated, rate: rate.right };
    });
  }

  private asAdmin<A>(user: User | undefined, body: (actor: Actor) => Promise<A | DomainError>): TE.TaskEither<DomainError, A> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      return body({ id: admin.id, username: admin.username, at: this.clock.now() });
    });
  }

  /**
   * Checks the form and every file before anything is kept; keeps the files, then writes the
   * product with their addresses. Files kept for a write that fails or finds no product are
   * removed again, so no file is left without its product.
   */
  private async withImages<R>(
    draft: ProductDraft,
    uploads: ProductUploads,
    write: (fields: ProductFields) => Promise<R>,
  ): Promise<R | DomainError> {
    const fields = productFieldsOf(draft);
    if (isDomainError(fields)) return fields;
    const covers = this.checked(uploads.covers, uploads.smallCover.length);
    if (isDomainError(covers)) return covers;
    const small = this.checked(uploads.smallCover, 0);
    if (isDomainError(small)) return small;

    const saved: string[] = [];
    const forget = () => Promise.all(saved.map((address) => this.images.remove(address)));
    try {
      for (const image of [...covers, ...small]) {
        const address = await this.images.save(image);
        if (isDomainError(address)) {
          await forget();
          return address;
        }
        saved.push(address);
      }
      const product: ProductFields = {
        ...fields,
        covers: [...fields.covers, ...saved.slice(0, covers.length)],
        smallCover: [...fields.smallCover, ...saved.slice(covers.length)],
      };
      const result = await write(product);
      if (result === 'missing') await forget();
      return result;
    } catch (error) {
      await forget().catch(() => undefined);
      throw error;
    }
  }

  private checked(images: readonly UploadedImage[], others: number): readonly CheckedImage[] | DomainError {
    if (images.length + others > MAX_IMAGES_PER_PRODUCT) return invalid(TOO_MANY_IMAGES);
    const checked: CheckedImage[] = [];
    for (const image of images) {
      const result = checkImage(image, this.reader.factsOf(image.bytes));
      if (isDomainError(result)) return result;
      checked.push(result);
    }
    return checked;
  }
}
