import { MemorySessions, MemorySignInThrottle, MemoryUsers } from '../../adapters/persistence/memory/memory-accounts';
import { MemoryExternalIdentities } from '../../adapters/persistence/memory/memory-external-identities';
import { AdminAtStart } from '../../core/identity/use-cases/admin-at-start';
import { Profile } from '../../core/identity/use-cases/profile';
import { SignIn } from '../../core/identity/use-cases/sign-in';
import { SignUp } from '../../core/identity/use-cases/sign-up';
import { FixedClock } from './clock';
import { PlainHasher } from './plain-hasher';
import { nextId } from './products';

/** The identity use cases on the in-memory adapters, with a clock and hasher a test can read. */
export const identityOnMemory = () => {
  const clock = new FixedClock();
  const users = new MemoryUsers();
  const hasher = new PlainHasher();
  const sessions = new MemorySessions(users, clock);
  const throttle = new MemorySignInThrottle(clock);
  const links = new MemoryExternalIdentities();
  const ids = { next: nextId };
  return {
    clock,
    users,
    hasher,
    sessions,
    throttle,
    links,
    signUp: new SignUp(users, hasher, ids, sessions, throttle, clock),
    signIn: new SignIn(users, hasher, sessions, throttle, clock),
    profile: new Profile(users, hasher, throttle, links),
    adminAtStart: new AdminAtStart(users, hasher, ids),
  };
};

export const aForm = (overrides = {}) => ({ username: 'Hana', email: 'Hana@Mail.test', password: 'Secret12', repeatpassword: 'Secret12', ...overrides });

/** A browser at an address, with no session yet. */
export const at = (address = '10.0.0.1', session?: string) => ({ address, session });
