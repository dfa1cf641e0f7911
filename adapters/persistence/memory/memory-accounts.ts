import { randomBytes } from 'node:crypto';
import { Role, User } from '../../../core/identity/domain/user';
import { AddOutcome, NewUser, Sessions, SignInThrottle, ThrottleRule, Users } from '../../../core/identity/ports';
import { Clock } from '../../../core/shared/ids';

const SESSION_MS = 30 * 24 * 60 * 60 * 1000;

/** In-memory twins of the knex account adapters, held to the same contract suites. */
export class MemoryUsers implements Users {
  readonly byId = new Map<string, NewUser>();

  private taken(field: 'username' | 'email', value: string, except?: string) {
    return [...this.byId.values()].some((u) => u.id !== except && u[field].toLowerCase() === value.toLowerCase());
  }

  async add(user: NewUser): Promise<AddOutcome> {
    if (this.taken('username', user.username)) return 'username-taken';
    if (this.taken('email', user.email)) return 'email-taken';
    this.byId.set(user.id, { ...user });
    return 'added';
  }

  async findBySignInName(name: string) {
    const field = name.includes('@') ? 'email' : 'username';
    return [...this.byId.values()].find((u) => u[field].toLowerCase() === name.toLowerCase());
  }

  async findById(id: string) {
    return this.byId.get(id);
  }

  async rename(id: string, username: string) {
    if (this.taken('username', username, id)) return 'username-taken' as const;
    this.update(id, { username });
    return 'renamed' as const;
  }

  async setPasswordHash(id: string, passwordHash: string) {
    this.update(id, { passwordHash });
  }

  async setRole(id: string, role: Role) {
    this.update(id, { role });
  }

  private update(id: string, change: Partial<NewUser>) {
    const user = this.byId.get(id);
    if (user) this.byId.set(id, { ...user, ...change });
  }
}

export class MemorySessions implements Sessions {
  private readonly sessions = new Map<string, { userId: string; expires: number }>();

  constructor(
    private readonly users: MemoryUsers,
    private readonly clock: Clock,
  ) {}

  async start(userId: string) {
    const token = randomBytes(32).toString('base64url');
    this.sessions.set(token, { userId, expires: this.clock.now().getTime() + SESSION_MS });
    return token;
  }

  async userOf(token: string): Promise<User | undefined> {
    const session = this.sessions.get(token);
    const account = session && session.expires > this.clock.now().getTime() ? this.users.byId.get(session.userId) : undefined;
    if (!account) return undefined;
    const { passwordHash: _h, ...user } = account;
    return user;
  }

  async end(token: string) {
    this.sessions.delete(token);
  }

  async endOthers(userId: string, keep: string) {
    for (const [token, s] of this.sessions) if (s.userId === userId && token !== keep) this.sessions.delete(token);
  }
}

export class MemorySignInThrottle implements SignInThrottle {
  private readonly windows = new Map<string, { failures: number; ends: number }>();

  constructor(private readonly clock: Clock) {}

  async blockedFor(rules: readonly ThrottleRule[]) {
    const now = this.clock.now().getTime();
    const waits = rules.map(({ key, limit }) => {
      const w = this.windows.get(key);
      return w && w.ends > now && w.failures >= limit ? Math.ceil((w.ends - now) / 1000) : 0;
    });
    return Math.max(0, ...waits);
  }

  async recordFailure(keys: readonly string[], windowSeconds: number) {
    const now = this.clock.now().getTime();
    for (const key of keys) {
      const w = this.windows.get(key);
      if (w && w.ends > now) w.failures += 1;
      else this.windows.set(key, { failures: 1, ends: now + windowSeconds * 1000 });
    }
  }

  async clear(key: string) {
    this.windows.delete(key);
  }
}
