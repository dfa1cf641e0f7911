import { MemorySessions, MemoryUsers } from '../../adapters/persistence/memory/memory-accounts';
import { MemoryOutbox } from '../../adapters/persistence/memory/memory-outbox';
import { MemoryPasswordResets } from '../../adapters/persistence/memory/memory-password-resets';
import { FixedClock } from '../support/clock';
import { passwordResetsContract } from './password-resets.contract';

passwordResetsContract('in memory', async () => {
  const clock = new FixedClock();
  const users = new MemoryUsers();
  const outbox = new MemoryOutbox();
  return { resets: new MemoryPasswordResets(users, outbox), users, sessions: new MemorySessions(users, clock), outbox, clock, close: async () => {} };
});
