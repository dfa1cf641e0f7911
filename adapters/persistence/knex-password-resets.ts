import { Knex } from 'knex';
import { PasswordResets, ResetRequest } from '../../core/identity/ports/password-resets';

/**
 * Reset links in PostgreSQL (or PGlite). A request is one statement whose every part reads the
 * account it looks up, so for an unknown address the same statement runs and writes nothing.
 */
export class KnexPasswordResets implements PasswordResets {
  constructor(private readonly db: Knex) {}

  async request({ email, tokenHash, issuedAt, expiresAt, mail, inOwnLanguage = {} }: ResetRequest): Promise<void> {
    // The request's letter under no language, then the others under theirs: the account's own
    // language picks its letter where there is one, else the request's is the only row that matches.
    const letters = [['', mail] as const, ...Object.entries(inOwnLanguage).filter(([, letter]) => letter !== undefined)];
    // Data-modifying parts of a WITH run to completion whether or not the last select reads them.
    await this.db.raw(
      `with account as (
         select id, email, language from users where lower(email) = lower(?)
       ), letter as (
         select l.subject, l.text_body, l.html_body
         from account a
         cross join lateral (
           select * from (values ${letters.map(() => '(?, ?, ?, ?)').join(', ')}) as l (language, subject, text_body, html_body)
           where l.language = coalesce(a.language, '') or l.language = ''
           order by l.language = '' limit 1
         ) l
       ), pruned as (
         delete from password_resets
         where user_id in (select id from account) and (used_at is not null or expires_at <= ?)
       ), token as (
         insert into password_resets (token_hash, user_id, created_at, expires_at)
         select ?, id, ?, ? from account
       ), mail as (
         insert into outbox (id, recipient, subject, text_body, html_body)
         select ?, account.email, letter.subject, letter.text_body, letter.html_body from account, letter
       )
       select 1`,
      [
        email,
        ...letters.flatMap(([language, letter]) => [language, letter!.subject, letter!.text, letter!.html]),
        issuedAt,
        tokenHash,
        issuedAt,
        expiresAt,
        `password-reset:${tokenHash}`,
      ],
    );
  }

  /**
   * The account's row is locked first, as a password change locks it before voiding tokens, so a
   * reset and a change (or two resets) of one account take turns and cannot deadlock; the token is
   * read again once it is held.
   */
  async redeem(tokenHash: string, passwordHash: string, now: Date): Promise<string | undefined> {
    const live = (db: Knex | Knex.Transaction) =>
      db('password_resets').where('token_hash', tokenHash).whereNull('used_at').where('expires_at', '>', now).first('user_id');
    const found: { user_id: string } | undefined = await live(this.db);
    if (!found) return undefined;
    return this.db.transaction(async (trx) => {
      await trx('users').where('id', found.user_id).forUpdate().first('id');
      if (!(await live(trx))) return undefined;
      await trx('password_resets').where('user_id', found.user_id).whereNull('used_at').update({ used_at: now });
      await trx('users').where('id', found.user_id).update({ password_hash: passwordHash });
      await trx('sessions').where('user_id', found.user_id).delete();
      return found.user_id;
    });
  }
}
