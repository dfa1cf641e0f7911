import { IdentityProviderName, PendingSignIn } from '../../../core/identity/domain/external-identity';
import { ExternalIdentities, PendingSignIns } from '../../../core/identity/ports';

/** In-memory twins of the knex adapters, held to the same contract suite. */
export class MemoryExternalIdentities implements ExternalIdentities {
  readonly links = new Map<string, string>();

  async find(provider: IdentityProviderName, subject: string) {
    return this.links.get(`${provider} ${subject}`);
  }

  async link(provider: IdentityProviderName, subject: string, userId: string) {
    if (this.links.has(`${provider} ${subject}`)) return 'subject-linked' as const;
    const taken = [...this.links].some(([key, user]) => user === userId && key.startsWith(`${provider} `));
    if (taken) return 'account-linked' as const;
    this.links.set(`${provider} ${subject}`, userId);
    return 'linked' as const;
  }

  async providersOf(userId: string) {
    return [...this.links]
      .filter(([, user]) => user === userId)
      .map(([key]) => key.split(' ')[0] as IdentityProviderName)
      .sort();
  }
}

export class MemoryPendingSignIns implements PendingSignIns {
  readonly pending = new Map<string, { pending: PendingSignIn; expiresAt: Date }>();

  async keep(id: string, pending: PendingSignIn, expiresAt: Date) {
    this.pending.set(id, { pending, expiresAt });
  }

  async take(id: string, now: Date) {
    const held = this.pending.get(id);
    this.pending.delete(id);
    return held && held.expiresAt.getTime() > now.getTime() ? held.pending : undefined;
  }
}
