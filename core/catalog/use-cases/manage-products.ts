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
import { ProductDraft, ProductFields, keepingArabic, productFieldsOf } from '../domain/product-form';
import { EditableProduct, ExchangeRates, ImageReader, ImageStorage, ProductEditor } from '../ports/product-editor';

/** Files sent with the form: new covers and small covers, added after the addresses typed. */
export interface ProductUploads {
  readonly covers: readonly UploadedImage[];
  readonly smallCover: readonly UploadedImage[];
}

export const NO_UPLOADS: ProductUploads = { covers: [], smallCover: [] };

export const NOT_DELETED = 'This product is not deleted, so there is nothing to recreate';

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

  update(user: User | undefined, id: string, draft: ProductDraft, uploads: ProductUploads = NO_UPLOADS): TE.TaskEither<DomainError, Id> {
    return this.asAdmin(user, async (actor) => {
      if (!isId(id)) return notFound(PRODUCT_NOT_FOUND);
      const sent = draft.arabicTitle === undefined || draft.arabicDescription === undefined ? keepingArabic(draft, await this.editor.forEditing(id)) : draft;
      const written = await this.withImages(sent, uploads, (fields) => this.editor.update(id, fields, actor));
      if (isDomainError(written)) return written;
      return written === 'missing' ? notFound(PRODUCT_NOT_FOUND) : id;
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
      for (const image of [...covers, ...small]) saved.push(await this.images.save(image));
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
