import { createHash } from 'node:crypto';
import { Knex } from 'knex';
import { IdentityProviderName, PendingSignIn } from '../../core/identity/domain/external-identity';
import { ExternalIdentities, PendingSignIns } from '../../core/identity/ports';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

export class KnexExternalIdentities implements ExternalIdentities {
  constructor(private readonly db: Knex) {}

  async find(provider: IdentityProviderName, subject: string) {
    const row: { user_id: string } | undefined = await this.db('external_identities').where({ provider, subject }).first('user_id');
    return row?.user_id;
  }

  async link(provider: IdentityProviderName, subject: string, userId: string) {
    // One statement: of two links made at once for one person or one account, one wins.
    const rows: unknown[] = await this.db('external_identities')
      .insert({ provider, subject, user_id: userId })
      .onConflict()
      .ignore()
      .returning('subject');
    if (rows.length) return 'linked' as const;
    return (await this.find(provider, subject)) ? ('subject-linked' as const) : ('account-linked' as const);
  }

  async providersOf(userId: string) {
    const rows: { provider: IdentityProviderName }[] = await this.db('external_identities').where('user_id', userId).orderBy('provider').select('provider');
    return rows.map((row) => row.provider);
  }
}

interface PendingRow {
  state: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  connect_for: string | null;
  expires_at: Date;
}

export class KnexPendingSignIns implements PendingSignIns {
  constructor(private readonly db: Knex) {}

  async keep(id: string, pending: PendingSignIn, expiresAt: Date) {
    // Abandoned sign-ins go as new ones come (an index range), so the table stays small.
    await this.db('pending_sign_ins').where('expires_at', '<', new Date(expiresAt.getTime() - 24 * 60 * 60_000)).delete();
    await this.db('pending_sign_ins').insert({
      id_hash: digest(id),
      state: pending.state,
      nonce: pending.nonce,
      code_verifier: pending.codeVerifier,
      return_to: pending.returnTo,
      connect_for: pending.connectFor ?? null,
      expires_at: expiresAt,
    });
  }

  async take(id: string, now: Date) {
    // Deleted and read in one statement: of two callbacks at once, one gets it.
    const rows: PendingRow[] = await this.db('pending_sign_ins').where('id_hash', digest(id)).delete().returning(['state', 'nonce', 'code_verifier', 'return_to', 'connect_for', 'expires_at']);
    const row = rows[0];
    if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return undefined;
    return { state: row.state, nonce: row.nonce, codeVerifier: row.code_verifier, returnTo: row.return_to, ...(row.connect_for ? { connectFor: row.connect_for } : {}) };
  }
}
