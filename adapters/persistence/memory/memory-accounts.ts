import { randomBytes } from 'node:crypto';
import { ThrottleRule } from '../../../core/shared/attempts';
import { withoutHash } from '../../../core/identity/domain/user';
import { AddOutcome, NewUser, Session, Sessions, SignInThrottle, Users } from '../../../core/identity/ports';
import { Clock } from '../../../core/shared/ids';
import { Language } from '../../../core/shared/language';

/** In-memory twins of the knex account adapters, held to the same contract suites. */
export class MemoryUsers implements Users {
  readonly byId = new Map<string, NewUser>();
  /** The sessions table, here so that a password change ends sessions in the same step. */
  readonly sessions = new Map<string, { userId: string; expires: number }>();
  /** The reset links (by token hash), here so that a password change voids them in the same step. */
  readonly resets = new Map<string, { userId: string; expires: number; used: boolean }>();

  private taken(field: 'username' | 'email', value: string, except?: string) {
    return [...this.byId.values()].some((u) => u.id !== except && u[field].toLowerCase() === value.toLowerCase());
  }

  private find(field: 'username' | 'email', value: string) {
    return Promise.resolve([...this.byId.values()].find((u) => u[field].toLowerCase() === value.toLowerCase()));
  }

  async add(user: NewUser): Promise<AddOutcome> {
    if (this.taken('username', user.username)) return 'username-taken';
    if (this.taken('email', user.email)) return 'email-taken';
    this.byId.set(user.id, { ...user });
    return 'added';
  }

  findByUsername(username: string) {
    return this.find('username', username);
  }

  findByEmail(email: string) {
    return this.find('email', email);
  }

  async findById(id: string) {
    return this.byId.get(id);
  }

  async rename(id: string, username: string) {
    if (this.taken('username', username, id)) return 'username-taken' as const;
    this.update(id, { username });
    return 'renamed' as const;
  }

  async changePassword(id: string, passwordHash: string, keepSession: string | undefined) {
    this.update(id, { passwordHash });
    for (const [token, s] of this.sessions) if (s.userId === id && token !== keepSession) this.sessions.delete(token);
    for (const reset of this.resets.values()) if (reset.userId === id) reset.used = true;
  }

  async setLanguage(id: string, language: Language) {
    this.update(id, { language });
  }

  private update(id: string, change: Partial<NewUser>) {
    const user = this.byId.get(id);
    if (user) this.byId.set(id, { ...user, ...change });
  }
}

export class MemorySessions implements Sessions {
  constructor(
    private readonly users: MemoryUsers,
    private readonly clock: Clock,
  ) {}

  async rotate(previous: string | undefined, userId: string, expiresAt: Date) {
    const token = randomBytes(32).toString('base64url');
    if (previous) this.users.sessions.delete(previous);
    this.users.sessions.set(token, { userId, expires: expiresAt.getTime() });
    return token;
  }

  async sessionOf(token: string): Promise<Session | undefined> {
    const session = this.users.sessions.get(token);
    const account = session && session.expires > this.clock.now().getTime() ? this.users.byId.get(session.userId) : undefined;
    return account && { user: withoutHash(account), expiresAt: new Date(session!.expires) };
  }

  async end(token: string) {
    this.users.sessions.delete(token);
  }
}

/** Each call runs without an await between reading and writing a count, so it is atomic as the SQL is. */
export class MemorySignInThrottle implements SignInThrottle {
  /** Open to the housekeeping's twin (memory-retention.ts), as the tables are to the database's. */
  readonly windows = new Map<string, { failures: number; ends: number }>();
  /** Each known account and address, with when it last signed in from there. */
  readonly addresses = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  async consume(rules: readonly ThrottleRule[], windowSeconds: number) {
    const now = this.clock.now().getTime();
    const waits = rules.map(({ key, limit }) => {
      const open = this.windows.get(key);
      const w = open && open.ends > now ? open : { failures: 0, ends: now + windowSeconds * 1000 };
      w.failures += 1;
      this.windows.set(key, w);
      return w.failures > limit ? Math.ceil((w.ends - now) / 1000) : 0;
    });
    return Math.max(0, ...waits);
  }

  async refund(keys: readonly string[]) {
    const now = this.clock.now().getTime();
    for (const key of keys) {
      const w = this.windows.get(key);
      if (w && w.ends > now) w.failures = Math.max(0, w.failures - 1);
    }
  }

  async clear(key: string) {
    this.windows.delete(key);
  }

  async knows(userId: string, address: string) {
    return this.addresses.has(`${userId}|${address}`);
  }

  async remember(userId: string, address: string) {
    this.addresses.set(`${userId}|${address}`, this.clock.now().getTime());
  }
}
