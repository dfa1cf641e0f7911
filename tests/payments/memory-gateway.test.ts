import { MemoryGateway } from '../../adapters/payments/memory/memory-gateway';
import { paymentGatewayContract } from '../contracts/payment-gateway.contract';

// The gateway the use-case tests use must behave as the real adapters do, or those tests prove nothing.
for (const provider of ['paypal', 'paymob'] as const)
  paymentGatewayContract(`in memory (${provider})`, async () => {
    const gateway = new MemoryGateway(provider);
    return {
      gateway,
      approve: async (reference) => gateway.approve(reference),
      decline: async (reference) => gateway.decline(reference),
      failNext: (count) => gateway.failNext(count),
      notificationOf: async (reference) => gateway.notificationOf(reference),
      refundNotificationOf: async (_reference, paymentId) => gateway.refundNotificationOf(paymentId),
      close: async () => {},
    };
  });
