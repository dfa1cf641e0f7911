import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { coverStorageContract } from './cover-storage.contract';

coverStorageContract('over the memory FileStorage', async () => ({ files: new MemoryStorage(), close: async () => undefined }));
