import * as TE from 'fp-ts/TaskEither';
import { ProductSecrets } from '../../catalog/domain/product';
import { requireUser } from '../../identity/domain/rights';
import { User } from '../../identity/domain/user';
import { DomainError, isDomainError, notFound } from '../../shared/errors';
import { Clock, isId } from '../../shared/ids';
import { attempt } from '../../shared/task';
import { OrderReader, UnitOfWork } from '../ports/orders';
import { canDownload } from '../domain/order';
import { mayDownload } from '../../delivery/domain/downloads';
import { accountHolder } from '../domain/order-access';

export const DOWNLOAD_NOT_FOUND = 'Download not found';

/**
 * The owner of a delivered order opens one of its products: its link and password, also for a
 * product deleted since; each opening is recorded. Anyone else, an undelivered order or a product
 * not in it gets the same 404, so nothing tells an order id exists. (The short-lived signed token
 * of the download link is checked at the HTTP edge before this runs.)
 */
export class OpenDownload {
  constructor(
    private readonly orders: OrderReader,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  open(user: User | undefined, orderId: string, productId: string): TE.TaskEither<DomainError, ProductSecrets & { title: string }> {
    return attempt(async () => {
      const owner = requireUser(user);
      if (isDomainError(owner)) return owner;
      const order = isId(orderId) ? await this.orders.findById(orderId) : undefined;
      const line = order?.lines.find((l) => l.productId === productId);
      if (!order || !line || !mayDownload(accountHolder(owner), order) || !canDownload(order, line))
        return notFound(DOWNLOAD_NOT_FOUND);
      const secrets = await this.orders.secretsOf(order.id, line.productId);
      if (!secrets?.producturl.trim()) return notFound(DOWNLOAD_NOT_FOUND);
      const download = { orderId: order.id, productId: line.productId, userId: owner.id, at: this.clock.now() };
      await this.work.run((tx) => tx.orders.recordDownload(download));
      return { title: line.title, producturl: secrets.producturl, downloadpass: secrets.downloadpass };
    });
  }
}
