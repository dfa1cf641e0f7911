import { createHash, randomBytes } from 'node:crypto';
import { Knex } from 'knex';
import { Role, User } from '../../core/identity/domain/user';
import { AddOutcome, NewUser, Sessions, SignInThrottle, ThrottleRule, Users } from '../../core/identity/ports';
import { Clock } from '../../core/shared/ids';

const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

interface UserRow {
  id: string;
  username: string;
  email: string;
  role: Role;
  password_hash: string;
}

const toUser = (row: UserRow) => ({ id: row.id, username: row.username, email: row.email, role: row.role, passwordHash: row.password_hash });
const withoutHash = ({ passwordHash: _h, ...user }: ReturnType<typeof toUser>): User => user;

/** The unique index a failed write ran into, if that was the failure. */
const uniqueViolation = (error: unknown): string | undefined => {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return undefined;
  return e.constraint ?? /"([^"]+)"/.exec(e.message ?? '')?.[1];
};

export class KnexUsers implements Users {
  constructor(private readonly db: Knex) {}

  async add(user: NewUser): Promise<AddOutcome> {
    try {
      await this.db('users').insert({ id: user.id, username: user.username, email: user.email, role: user.role, password_hash: user.passwordHash });
      return 'added';
    } catch (error) {
      const index = uniqueViolation(error);
      if (index === 'users_username') return 'username-taken';
      if (index === 'users_email') return 'email-taken';
      throw error;
    }
  }

  async findBySignInName(name: string) {
    const column = name.includes('@') ? 'email' : 'username';
    const row: UserRow | undefined = await this.db('users').whereRaw(`lower(${column}) = lower(?)`, [name]).first();
    return row && toUser(row);
  }

  async findById(id: string) {
    const row: UserRow | undefined = await this.db('users').where('id', id).first();
    return row && toUser(row);
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

  async setPasswordHash(id: string, passwordHash: string) {
    await this.db('users').where('id', id).update({ password_hash: passwordHash });
  }

  async setRole(id: string, role: Role) {
    await this.db('users').where('id', id).update({ role });
  }
}

/** The table keeps a SHA-256 of each token; the token itself lives only in the cookie. */
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export class KnexSessions implements Sessions {
  constructor(
    private readonly db: Knex,
    private readonly clock: Clock,
  ) {}

  async start(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.db('sessions').where('user_id', userId).where('expires_at', '<=', now).delete();
    await this.db('sessions').insert({ token_hash: digest(token), user_id: userId, expires_at: new Date(now.getTime() + SESSION_DAYS * DAY_MS) });
    return token;
  }

  async userOf(token: string): Promise<User | undefined> {
    const row: UserRow | undefined = await this.db('sessions')
      .join('users', 'users.id', 'sessions.user_id')
      .where('sessions.token_hash', digest(token))
      .where('sessions.expires_at', '>', this.clock.now())
      .first('users.id', 'users.username', 'users.email', 'users.role', 'users.password_hash');
    return row && withoutHash(toUser(row));
  }

  async end(token: string) {
    await this.db('sessions').where('token_hash', digest(token)).delete();
  }

  async endOthers(userId: string, keep: string) {
    await this.db('sessions').where('user_id', userId).whereNot('token_hash', digest(keep)).delete();
  }
}

/** A fixed window per key, opened by its first failure. */
export class KnexSignInThrottle implements SignInThrottle {
  constructor(
    private readonly db: Knex,
    private readonly clock: Clock,
  ) {}

  async blockedFor(rules: readonly ThrottleRule[]): Promise<number> {
    const now = this.clock.now();
    const rows: { key: string; failures: number; window_ends: Date | string }[] = await this.db('sign_in_failures')
      .whereIn('key', rules.map((r) => r.key))
      .where('window_ends', '>', now);
    const waits = rows
      .filter((row) => row.failures >= (rules.find((r) => r.key === row.key)?.limit ?? Infinity))
      .map((row) => Math.ceil((new Date(row.window_ends).getTime() - now.getTime()) / 1000));
    return Math.max(0, ...waits);
  }

  async recordFailure(keys: readonly string[], windowSeconds: number): Promise<void> {
    const now = this.clock.now();
    const ends = new Date(now.getTime() + windowSeconds * 1000);
    await this.db.transaction(async (trx) => {
      await trx('sign_in_failures').where('window_ends', '<=', now).delete();
      for (const key of keys)
        await trx.raw(
          `insert into sign_in_failures (key, failures, window_ends) values (?, 1, ?)
           on conflict (key) do update set failures = sign_in_failures.failures + 1`,
          [key, ends],
        );
    });
  }

  async clear(key: string): Promise<void> {
    await this.db('sign_in_failures').where('key', key).delete();
  }
}
