import { Knex } from 'knex';
import { DownloadHolder, holderKey } from '../../core/delivery/domain/downloads';
import { ReadingPosition } from '../../core/delivery/domain/reading';
import { ReadingPositions } from '../../core/delivery/ports/reading-positions';
import { Id } from '../../core/shared/ids';

/** The reader's last page per holder, order and file in PostgreSQL (or PGlite). */
export class KnexReadingPositions implements ReadingPositions {
  constructor(private readonly db: Knex) {}

  async pageOf(holder: DownloadHolder, orderId: Id, fileId: Id): Promise<number | undefined> {
    const row: { page: number } | undefined = await this.db('reading_positions').where({ holder: holderKey(holder), order_id: orderId, file_id: fileId }).first('page');
    return row?.page;
  }

  async save(position: ReadingPosition): Promise<void> {
    await this.db('reading_positions')
      .insert({ holder: holderKey(position.holder), order_id: position.orderId, file_id: position.fileId, page: position.page, updated_at: position.updatedAt })
      .onConflict(['holder', 'order_id', 'file_id'])
      .merge(['page', 'updated_at']);
  }
}
