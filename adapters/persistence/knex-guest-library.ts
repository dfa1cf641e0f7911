import { Knex } from 'knex';
import { GuestLibrary, LibraryLink, LibrarySessionStart } from '../../core/ordering/ports/guest-library';
import { OutgoingMail } from '../../core/ordering/ports/mailer';

/** Keeps a library link, in the caller's transaction (a paid order's unit of work). */
export const keepLibraryLink = async (db: Knex, link: LibraryLink): Promise<void> => {
  await db('library_links').insert({ token_hash: link.tokenHash, email: link.email, created_at: link.issuedAt, expires_at: link.expiresAt });
};

/** Guests' library links and sessions in PostgreSQL (or PGlite), kept as hashes of their tokens. */
export class KnexGuestLibrary implements GuestLibrary {
  constructor(private readonly db: Knex) {}

  /** One conditional update spends the link: of two racing opens, only one finds it unused. */
  async open(tokenHash: string, session: LibrarySessionStart, now: Date): Promise<string | undefined> {
    return this.db.transaction(async (trx) => {
      const [spent]: { email: string }[] = await trx('library_links')
        .where('token_hash', tokenHash)
        .whereNull('used_at')
        .where('expires_at', '>', now)
        .update({ used_at: now })
        .returning('email');
      if (!spent) return undefined;
      await trx('library_sessions').insert({ token_hash: session.tokenHash, email: spent.email, created_at: now, expires_at: session.expiresAt });
      return spent.email;
    });
  }

  async sessionOf(tokenHash: string, now: Date): Promise<string | undefined> {
    const row: { email: string } | undefined = await this.db('library_sessions').where('token_hash', tokenHash).where('expires_at', '>', now).first('email');
    return row?.email;
  }

  async end(tokenHash: string): Promise<void> {
    await this.db('library_sessions').where('token_hash', tokenHash).delete();
  }

  /** One statement whose every part reads the guest's orders: for an address without any, it writes nothing. */
  async offer(link: LibraryLink, mail: OutgoingMail): Promise<void> {
    await this.db.raw(
      `with guest as (
         select ?::text as email where exists (select 1 from orders where user_id is null and buyer_email = ?)
       ), link as (
         insert into library_links (token_hash, email, created_at, expires_at) select ?, email, ?, ? from guest
       ), mail as (
         insert into outbox (id, recipient, subject, text_body, html_body) select ?, email, ?, ?, ? from guest
       )
       select 1`,
      [link.email, link.email, link.tokenHash, link.issuedAt, link.expiresAt, `library-link:${link.tokenHash}`, mail.subject, mail.text, mail.html],
    );
  }
}
