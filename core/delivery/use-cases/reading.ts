import * as TE from 'fp-ts/TaskEither';
import { OrderHolder } from '../../ordering/domain/order-access';
import { DomainError, invalid, isDomainError } from '../../shared/errors';
import { Clock } from '../../shared/ids';
import { attempt } from '../../shared/task';
import { FIRST_PAGE, PAGE_RULE, isPage } from '../domain/reading';
import { ReadingPositions } from '../ports/reading-positions';
import { Downloads } from './downloads';

/**
 * The reader's memory (issue 19, part 5): the last page a holder read of a PDF they own, kept on the
 * server. Whoever may read the file (the downloads' own rule, less the cap) may keep their page.
 */
export class Reading {
  constructor(
    private readonly downloads: Pick<Downloads, 'reachFor'>,
    private readonly positions: ReadingPositions,
    private readonly clock: Clock,
  ) {}

  /** The page to reopen on: the last saved, else the first. */
  pageOf(holders: readonly OrderHolder[], orderId: string, productId: string, fileId: string): TE.TaskEither<DomainError, number> {
    return attempt(async () => {
      const found = await this.downloads.reachFor(holders, orderId, productId, fileId, 'read');
      if (isDomainError(found)) return found;
      return (await this.positions.pageOf(found.holder, found.order.id, found.file.id)) ?? FIRST_PAGE;
    });
  }

  remember(holders: readonly OrderHolder[], orderId: string, productId: string, fileId: string, page: number): TE.TaskEither<DomainError, number> {
    return attempt(async () => {
      if (!isPage(page)) return invalid(PAGE_RULE);
      const found = await this.downloads.reachFor(holders, orderId, productId, fileId, 'read');
      if (isDomainError(found)) return found;
      await this.positions.save({ holder: found.holder, orderId: found.order.id, fileId: found.file.id, page, updatedAt: this.clock.now() });
      return page;
    });
  }
}
