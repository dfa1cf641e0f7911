import { MemoryExternalIdentities, MemoryPendingSignIns } from '../../adapters/persistence/memory/memory-external-identities';
import { externalIdentitiesContract } from './external-identities.contract';

externalIdentitiesContract('in memory', async () => ({
  links: new MemoryExternalIdentities(),
  pending: new MemoryPendingSignIns(),
  addAccount: async () => {},
  close: async () => {},
}));
