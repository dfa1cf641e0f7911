import { MemoryImages } from '../../adapters/storage/memory-images';
import { imageStorageContract } from './image-storage.contract';

imageStorageContract('in memory', async () => {
  const storage = new MemoryImages();
  return {
    storage,
    bytesAt: async (address) => storage.bytesAt(address),
    addresses: async () => storage.addresses(),
    close: async () => {},
  };
});
