import { createHash, randomBytes } from 'node:crypto';
import { Knex } from 'knex';
import { ThrottleRule } from '../../core/shared/attempts';
import { Account, Role, withoutHash } from '../../core/identity/domain/user';
import { AddOutcome, NewUser, Session, Sessions, SignInThrottle, Users } from '../../core/identity/ports';
import { Clock } from '../../core/shared/ids';
import { Language, languageOf } from '../../core/shared/language';

interface UserRow {
  id: string;
  username: string;
  email: string;
  role: Role;
  password_hash: string;
  /** Absent where a query does not read it (a session's user). */
  language?: string | null;
}

const toAccount = (row: UserRow): Account => ({
  id: row.id,
  username: row.username,
  email: row.email,
  role: row.role,
  passwordHash: row.password_hash,
  ...(row.language ? { language: languageOf(row.language) } : {}),
});

/** The unique index a failed write ran into, if that was the failure. */
const uniqueViolation = (error: unknown): string | undefined => {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return undefined;
  return e.constraint ?? /"([^"]+)"/.exec(e.message ?? '')?.[1];
};

/** Tables keep a SHA-256 of session tokens and sign-in addresses, never the value itself. */
const digest = (text: string) => createHash('sha256').update(text).digest('hex');

export class KnexUsers implements Users {
  constructor(private readonly db: Knex) {}

  async add(user: NewUser): Promise<AddOutcome> {
    try {
      await this.db('users').insert({ id: user.id, username: user.username, email: user.email, role: user.role, password_hash: user.passwordHash, language: user.language ?? null });
      return 'added';
    } catch (error) {
      const index = uniqueViolation(error);
      if (index === 'users_username') return 'username-taken';
      if (index === 'users_email') return 'email-taken';
      throw error;
    }
  }

  // lower() on both sides: the unique indexes are on lower(username) and lower(email).
  findByUsername(username: string) {
    return this.findWhere('lower(username) = lower(?)', username);
  }

  findByEmail(email: string) {
    return this.findWhere('lower(email) = lower(?)', email);
  }

  private async findWhere(condition: string, value: string) {
    const row: UserRow | undefined = await this.db('users').whereRaw(condition, [value]).first();
    return row && toAccount(row);
  }

  async findById(id: string) {
    const row: UserRow | undefined = await this.db('users').where('id', id).first();
    return row && toAccount(row);
  }

  async rename(id: string, username: string) {
    try {
      await this.db('users').where('id', id).update({ username });
      return 'renamed' as const;
    } catch (error) {
      if (uniqueViolation(error) === 'users_username') return 'username-taken' as const;
      throw error;
    }
  }

  async changePassword(id: string, passwordHash: string, keepSession: string | undefined) {
    await this.db.transaction(async (trx) => {
      await trx('users').where('id', id).update({ password_hash: passwordHash });
      // A reset link asked for before the change must not undo it.
      await trx('password_resets').where('user_id', id).whereNull('used_at').update({ used_at: trx.fn.now() });
      const others = trx('sessions').where('user_id', id);
      await (keepSession ? others.whereNot('token_hash', digest(keepSession)) : others).delete();
    });
  }

  async setLanguage(id: string, language: Language) {
    await this.db('users').where('id', id).update({ language });
  }
}

export class KnexSessions implements Sessions {
  constructor(
    private readonly db: Knex,
    private readonly clock: Clock,
  ) {}

  async rotate(previous: string | undefined, userId: string, expiresAt: Date): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.transaction(async (trx) => {
      if (previous) await trx('sessions').where('token_hash', digest(previous)).delete();
      await trx('sessions').where('user_id', userId).where('expires_at', '<=', this.clock.now()).delete();
      await trx('sessions').insert({ token_hash: digest(token), user_id: userId, expires_at: expiresAt });
    });
    return token;
  }

  async sessionOf(token: string): Promise<Session | undefined> {
    const row: (UserRow & { expires_at: Date | string }) | undefined = await this.db('sessions')
      .join('users', 'users.id', 'sessions.user_id')
      .where('sessions.token_hash', digest(token))
      .where('sessions.expires_at', '>', this.clock.now())
      .first('users.id', 'users.username', 'users.email', 'users.role', 'users.password_hash', 'sessions.expires_at');
    return row && { user: withoutHash(toAccount(row)), expiresAt: new Date(row.expires_at) };
  }

  async end(token: string) {
    await this.db('sessions').where('token_hash', digest(token)).delete();
  }
}

/** A fixed window per key, opened by its first try; a window that has ended starts again at 1. */
export class KnexSignInThrottle implements SignInThrottle {
  constructor(
    private readonly db: Knex,
    private readonly clock: Clock,
  ) {}

  async consume(rules: readonly ThrottleRule[], windowSeconds: number): Promise<number> {
    const now = this.clock.now();
    const ends = new Date(now.getTime() + windowSeconds * 1000);
    await this.db('sign_in_failures').where('window_ends', '<=', now).delete();
    // One statement counts every key and reads the counts back, so tries sent at once each see
    // their own count; keys in one order, so two such statements cannot deadlock.
    const keys = rules.map((rule) => rule.key).sort();
    const { rows }: { rows: { key: string; failures: number; window_ends: Date | string }[] } = await this.db.raw(
      `insert into sign_in_failures (key, failures, window_ends) values ${keys.map(() => '(?, 1, ?)').join(', ')}
       on conflict (key) do update set
         failures = case when sign_in_failures.window_ends <= ? then 1 else sign_in_failures.failures + 1 end,
         window_ends = case when sign_in_failures.window_ends <= ? then excluded.window_ends else sign_in_failures.window_ends end
       returning key, failures, window_ends`,
      [...keys.flatMap((key) => [key, ends]), now, now],
    );
    const waits = rows
      .filter((row) => row.failures > (rules.find((rule) => rule.key === row.key)?.limit ?? Infinity))
      .map((row) => Math.ceil((new Date(row.window_ends).getTime() - now.getTime()) / 1000));
    return Math.max(0, ...waits);
  }

  async refund(keys: readonly string[]): Promise<void> {
    if (!keys.length) return;
    await this.db('sign_in_failures')
      .whereIn('key', keys)
      .where('window_ends', '>', this.clock.now())
      .update({ failures: this.db.raw('greatest(failures - 1, 0)') });
  }

  async clear(key: string): Promise<void> {
    await this.db('sign_in_failures').where('key', key).delete();
  }

  async knows(userId: string, address: string): Promise<boolean> {
    return Boolean(await this.db('sign_in_addresses').where({ user_id: userId, address_hash: digest(`${userId}|${address}`) }).first('user_id'));
  }

  async remember(userId: string, address: string): Promise<void> {
    await this.db.raw(
      `insert into sign_in_addresses (user_id, address_hash, last_seen) values (?, ?, ?)
       on conflict (user_id, address_hash) do update set last_seen = excluded.last_seen`,
      [userId, digest(`${userId}|${address}`), this.clock.now()],
    );
  }
}
