import { Actor } from '../../core/audit/domain/audit';
import { nextId } from './products';

/** An admin at work, for the writes that take one (the in-memory twins check no account). */
export const anAdmin = (overrides: Partial<Actor> = {}): Actor => ({
  id: nextId(),
  username: 'Owner',
  at: new Date(Date.UTC(2026, 10, 21, 10)),
  ...overrides,
});
