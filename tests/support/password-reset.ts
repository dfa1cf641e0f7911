import { MemoryOutbox } from '../../adapters/persistence/memory/memory-outbox';
import { MemoryPasswordResets } from '../../adapters/persistence/memory/memory-password-resets';
import { RandomResetTokens } from '../../adapters/identity/random-reset-tokens';
import { PasswordReset } from '../../core/identity/use-cases/password-reset';
import { identityOnMemory } from './identity';

/** The real token maker, counting what it is asked: the work a request does, known address or not. */
export class CountingTokens extends RandomResetTokens {
  issued = 0;
  hashed = 0;
  override issue() {
    this.issued++;
    return super.issue();
  }
  override hashOf(token: string) {
    this.hashed++;
    return super.hashOf(token);
  }
}

export const STORE = { supportAddress: 'help@store.test', storeUrl: 'https://shop.test' };

/** The identity use cases on memory, with the password reset and the outbox its letters go to. */
export const resetOnMemory = () => {
  const s = identityOnMemory();
  const outbox = new MemoryOutbox();
  const tokens = new CountingTokens();
  const resets = new MemoryPasswordResets(s.users, outbox);
  const passwordReset = new PasswordReset(resets, tokens, s.hasher, s.throttle, s.clock, STORE);
  /** The token of the newest letter queued, read from its link. */
  const lastToken = () => {
    const letters = [...outbox.entries.values()];
    const link = /https:\/\/shop\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(letters.at(-1)?.mail.text ?? '');
    if (!link) throw new Error('no reset letter queued');
    return link[1];
  };
  return { ...s, outbox, tokens, resets, passwordReset, lastToken };
};
