import { MemoryStampedCopies } from '../../adapters/persistence/memory/memory-stamped-copies';
import { stampedCopiesContract } from './stamped-copies.contract';

stampedCopiesContract('in memory', async () => ({ copies: new MemoryStampedCopies(), addOrder: async () => {}, close: async () => {} }));
