import { Knex } from 'knex';
import { Actor } from '../../core/audit/domain/audit';
import { ExchangeRate } from '../../core/catalog/domain/exchange-rate';
import { ProductFields } from '../../core/catalog/domain/product-form';
import { NewProduct } from '../../core/catalog/domain/product';
import { EditableProduct, ProductEditor } from '../../core/catalog/ports/product-editor';

/** SKELETON: to be built (the admin's catalogue writes, each with its audit entry and change log). */
export class KnexProductEditor implements ProductEditor {
  constructor(private readonly db: Knex) {}
  forEditing(_id: string): Promise<EditableProduct | undefined> {
    throw new Error('not built yet');
  }
  create(_product: NewProduct, _by: Actor): Promise<void> {
    throw new Error('not built yet');
  }
  update(_id: string, _fields: ProductFields, _by: Actor): Promise<'updated' | 'missing'> {
    throw new Error('not built yet');
  }
  remove(_id: string, _by: Actor): Promise<'removed' | 'missing' | 'unchanged'> {
    throw new Error('not built yet');
  }
  recreate(_id: string, _by: Actor): Promise<'recreated' | 'missing' | 'not-deleted'> {
    throw new Error('not built yet');
  }
  repriceEgp(_rate: ExchangeRate, _by: Actor): Promise<number> {
    throw new Error('not built yet');
  }
}
