import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { MemoryCarts } from '../../adapters/persistence/memory/memory-carts';
import { MemorySessions, MemorySignInThrottle, MemoryUsers } from '../../adapters/persistence/memory/memory-accounts';
import { anAdmin } from '../support/actors';
import { FixedClock } from '../support/clock';
import { accountsContract } from './accounts.contract';

accountsContract('in memory', async () => {
  const clock = new FixedClock();
  const users = new MemoryUsers();
  const catalog = new MemoryCatalog();
  return {
    users,
    sessions: new MemorySessions(users, clock),
    throttle: new MemorySignInThrottle(clock),
    carts: new MemoryCarts((id) => catalog.findById(id)),
    catalog,
    clock,
    deleteProduct: async (id) => void (await catalog.remove(id, anAdmin())),
    close: async () => {},
  };
});
