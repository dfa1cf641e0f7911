import { MemoryOutbox } from '../../adapters/persistence/memory/memory-outbox';
import { outboxContract } from './outbox.contract';

outboxContract('in memory', async () => {
  const outbox = new MemoryOutbox();
  return {
    outbox,
    other: outbox,
    queue: (id, mail, dueAt) => outbox.queue(id, mail, dueAt),
    stateOf: async (id) => {
      const entry = outbox.entries.get(id);
      return entry && { status: entry.status, attempts: entry.attempts, dueAt: entry.dueAt, sentAt: entry.sentAt, lastError: entry.lastError };
    },
    close: async () => {},
  };
});
