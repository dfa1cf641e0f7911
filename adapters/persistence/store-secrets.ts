import { randomBytes } from 'node:crypto';
import { Knex } from 'knex';

/**
 * A secret of the store's own, made once (256 random bits) and read by every process on the same
 * database, so a link signed by one process is good in all of them.
 */
export const sharedSecret = async (db: Knex, name: string): Promise<string> => {
  await db('store_secrets').insert({ name, value: randomBytes(32).toString('base64url') }).onConflict('name').ignore();
  const row: { value: string } | undefined = await db('store_secrets').where('name', name).first('value');
  if (!row) throw new Error(`The store secret ${name} could not be read`);
  return row.value;
};
