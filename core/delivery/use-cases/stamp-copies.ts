import { isLeft } from 'fp-ts/Either';
import { canDownload, isPaid, orderNumber } from '../../ordering/domain/order';
import { MAIL, StoreContact, copiesReadyOf } from '../../ordering/domain/confirmation';
import { OrderReader, UnitOfWork } from '../../ordering/ports/orders';
import { Clock, Id } from '../../shared/ids';
import { MAX_STAMPED_BYTES, StampedCopy, TOO_LARGE_TO_STAMP, isStamped, stampedCopyKey } from '../domain/stamped-copy';
import { ProductFile } from '../domain/product-file';
import { FileStorage } from '../ports/file-storage';
import { ProductFiles } from '../ports/product-files';
import { StampedCopies } from '../ports/stamped-copies';
import { Stamper } from '../ports/stamper';

/** What one run did: copies made now, files delivered as uploaded, and whether the e-mail was queued. */
export interface StampRun {
  readonly made: number;
  readonly unstamped: number;
  readonly mailed: boolean;
}

const NOTHING: StampRun = { made: 0, unstamped: 0, mailed: false };

/** Reads a whole stored file: stamping needs all of it (MAX_STAMPED_BYTES bounds what that costs). */
const bytesOf = async (body: AsyncIterable<Uint8Array>, size: number): Promise<Uint8Array> => {
  const bytes = new Uint8Array(size);
  let at = 0;
  for await (const part of body) {
    bytes.set(part, at);
    at += part.length;
  }
  if (at !== size) throw new Error(`The stored file gave ${at} bytes of ${size}`);
  return bytes;
};

/**
 * The stamping job (issue 19 part 4): for a paid order, each PDF and EPUB of its lines gets the
 * buyer's own copy with their e-mail and the order number in it; then one e-mail says the copies
 * are ready. Run as often as need be: a copy already recorded is kept, the e-mail's id makes it one
 * e-mail, and an app killed midway leaves at most a copy in storage that the next run replaces
 * with the same bytes (stamping is deterministic) before recording it.
 */
export class StampCopies {
  constructor(
    private readonly orders: OrderReader,
    private readonly files: ProductFiles,
    private readonly copies: StampedCopies,
    private readonly storage: FileStorage,
    private readonly stamper: Stamper,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
    private readonly contact: StoreContact,
  ) {}

  async run(orderId: Id): Promise<StampRun> {
    const order = await this.orders.findById(orderId);
    if (!order || !isPaid(order)) return NOTHING;
    const lines = order.lines.filter((line) => canDownload(order, line));
    const files = (await this.files.ofProducts(lines.map((l) => l.productId))).filter(isStamped);
    if (files.length === 0) return NOTHING;
    const made = new Set((await this.copies.ofOrders([order.id])).map((c) => c.fileId));
    let [stamped, unstamped] = [0, 0];
    for (const file of files.filter((f) => !made.has(f.id))) {
      const copy = await this.copyOf(order.id, order.buyerEmail, file);
      if (!(await this.copies.record(copy))) continue;
      if (copy.key) stamped++;
      else unstamped++;
    }
    // Every file has its copy now: say so once (the outbox keeps one message per id).
    await this.work.run((tx) => tx.queueMail(MAIL.copiesReady(order.id), copiesReadyOf(order, this.contact)));
    return { made: stamped, unstamped, mailed: true };
  }

  private async copyOf(orderId: Id, email: string, file: ProductFile & { kind: 'pdf' | 'epub' }): Promise<StampedCopy> {
    const madeAt = this.clock.now().toISOString();
    if (file.size > MAX_STAMPED_BYTES) return { orderId, fileId: file.id, note: TOO_LARGE_TO_STAMP, madeAt };
    const original = await this.storage.read(file.key);
    // A row without its file is the storage's fault, not the buyer's: the job tries again later.
    if (!original) throw new Error(`The file ${file.key} is missing from the storage`);
    const stamped = await this.stamper.stamp(file.kind, await bytesOf(original.body, original.file.size), { email, orderNumber: orderNumber(orderId) });
    if (isLeft(stamped)) return { orderId, fileId: file.id, note: stamped.left.message, madeAt };
    const key = stampedCopyKey(orderId, file);
    await this.storage.put(key, (async function* () { yield stamped.right; })(), { contentType: original.file.contentType, visibility: 'private' });
    return { orderId, fileId: file.id, key, madeAt };
  }
}
