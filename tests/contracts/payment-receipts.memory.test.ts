import { MemoryPaymentReceipts } from '../../adapters/persistence/memory/memory-payment-receipts';
import { nextId } from '../support/products';
import { paymentReceiptsContract } from './payment-receipts.contract';

paymentReceiptsContract('in memory', async () => {
  const orders = new Set<string>();
  return {
    receipts: new MemoryPaymentReceipts(async (id) => orders.has(id)),
    anOrder: async () => {
      const id = nextId();
      orders.add(id);
      return id;
    },
    close: async () => {},
  };
});
