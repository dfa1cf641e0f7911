import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { catalogContract } from './catalog.contract';

catalogContract('in memory', async () => ({ catalog: new MemoryCatalog(), close: async () => {} }));
