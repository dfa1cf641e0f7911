import { MemoryReadingPositions } from '../../adapters/persistence/memory/memory-reading-positions';
import { readingPositionsContract } from './reading-positions.contract';

readingPositionsContract('in memory', async () => ({ positions: new MemoryReadingPositions(), addOrder: async () => {}, close: async () => {} }));
