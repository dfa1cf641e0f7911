import { Knex } from 'knex';
import { StampedCopy } from '../../core/delivery/domain/stamped-copy';
import { StampedCopies } from '../../core/delivery/ports/stamped-copies';
import { Id } from '../../core/shared/ids';

interface CopyRow {
  order_id: string;
  file_id: string;
  key: string | null;
  note: string | null;
  made_at: Date | string;
}

const toCopy = (row: CopyRow): StampedCopy => ({
  orderId: row.order_id,
  fileId: row.file_id,
  ...(row.key ? { key: row.key } : {}),
  ...(row.note ? { note: row.note } : {}),
  madeAt: new Date(row.made_at).toISOString(),
});

/** The buyers' own copies in PostgreSQL (PGlite or a server). */
export class KnexStampedCopies implements StampedCopies {
  constructor(private readonly db: Knex) {}

  async ofOrders(orderIds: readonly Id[]): Promise<readonly StampedCopy[]> {
    if (orderIds.length === 0) return [];
    const rows: CopyRow[] = await this.db('stamped_copies').whereIn('order_id', [...orderIds]).orderBy(['order_id', 'file_id']);
    return rows.map(toCopy);
  }

  async record(copy: StampedCopy): Promise<boolean> {
    const rows = await this.db('stamped_copies')
      .insert({ order_id: copy.orderId, file_id: copy.fileId, key: copy.key ?? null, note: copy.note ?? null, made_at: copy.madeAt })
      .onConflict(['order_id', 'file_id'])
      .ignore()
      .returning('file_id');
    return rows.length === 1;
  }
}
