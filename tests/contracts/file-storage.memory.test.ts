import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { fileStorageContract } from './file-storage.contract';

fileStorageContract('in memory', { links: false, streams: false, remote: false }, async () => ({ storage: new MemoryStorage(), close: async () => {} }));
