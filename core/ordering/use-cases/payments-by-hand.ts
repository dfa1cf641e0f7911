import * as TE from 'fp-ts/TaskEither';
import { entryOf } from '../../audit/domain/audit';
import { CheckedImage, ImageFormat, UploadedImage, checkImage } from '../../catalog/domain/images';
import { ImageReader, ImageStorage } from '../../catalog/ports/product-editor';
import { requireAdmin, requireUser } from '../../identity/domain/rights';
import { User } from '../../identity/domain/user';
import { DomainError, conflict, invalid, isDomainError, notFound } from '../../shared/errors';
import { Clock, Id, isId } from '../../shared/ids';
import { attempt } from '../../shared/task';
import { MAIL, StoreContact, transferRejectedLetterOf } from '../domain/confirmation';
import { ORDER_NOT_FOUND, Order } from '../domain/order';
import { failed, paidWhilePending, proofSent } from '../domain/order-life';
import { NOT_PAID_BY_HAND, NOT_WAITING, NO_RECEIPT, REASON_NEEDED, REASON_TOO_LONG, REASON_MAX, approvedPaymentId, awaitsTransfer, isPaidByHand, rejectionReasonOf } from '../domain/payment-by-hand';
import { OrderReader, UnitOfWork } from '../ports/orders';
import { PaymentReceipt, PaymentReceipts } from '../ports/payment-receipts';
import { changeOrder } from './change-order';
import { Settlement } from './settlement';

/** A receipt as the admin opens it. */
export interface ReceiptImage {
  readonly format: ImageFormat;
  readonly bytes: Uint8Array;
}

/**
 * Payments made by hand (issue 18, item 4): the buyer sends the receipt of their transfer for
 * their own order while it waits; the admin sees it and approves (paid through the settlement, the
 * confirmation e-mailed) or rejects with a reason (failed, the reason e-mailed). Receipts are
 * images checked as covers are (DECISIONS 17), kept in a storage nobody reaches but through here.
 */
export class PaymentsByHand {
  constructor(
    private readonly orders: OrderReader,
    private readonly work: UnitOfWork,
    private readonly receipts: PaymentReceipts,
    private readonly images: ImageStorage,
    private readonly reader: ImageReader,
    private readonly settlement: Settlement,
    private readonly clock: Clock,
    private readonly contact: StoreContact,
  ) {}

  /**
   * Whether `user` may send a receipt for the order now: asked before the upload is read, so that
   * nobody else makes the store read 10 MB only to be refused. `sendReceipt` asks again.
   */
  mayReceive(user: User | undefined, orderId: string): TE.TaskEither<DomainError, Order> {
    return attempt(() => this.waitingOrderOf(user, orderId));
  }

  /** Keeps the receipt of the buyer's own order waiting for its transfer; a new one replaces the one before. */
  sendReceipt(user: User | undefined, orderId: string, upload: UploadedImage): TE.TaskEither<DomainError, PaymentReceipt> {
    return attempt(async () => {
      const order = await this.waitingOrderOf(user, orderId);
      if (isDomainError(order)) return order;
      const image: CheckedImage | DomainError = checkImage(upload, upload.bytes.length > 0 ? this.reader.factsOf(upload.bytes) : undefined);
      if (isDomainError(image)) return image;
      const address = await this.images.save(image);
      if (isDomainError(address)) return address;
      const receipt: PaymentReceipt = { orderId: order.id, address, format: image.format, uploadedAt: this.clock.now().toISOString() };
      let replaced: PaymentReceipt | undefined;
      try {
        replaced = await this.receipts.keep(receipt);
      } catch (error) {
        // Not kept: its image would be an orphan nobody could reach.
        await this.images.remove(address);
        throw error;
      }
      if (replaced) await this.images.remove(replaced.address);
      await changeOrder(this.orders, this.work, order.id, proofSent);
      return receipt;
    });
  }

  /** The receipt of an order, for an admin's eyes only. */
  receiptOf(user: User | undefined, orderId: string): TE.TaskEither<DomainError, ReceiptImage> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      if (!isId(orderId)) return notFound(NO_RECEIPT);
      const receipt = await this.receipts.of(orderId);
      const bytes = receipt && (await this.images.read(receipt.address));
      return receipt && bytes ? { format: receipt.format, bytes } : notFound(NO_RECEIPT);
    });
  }

  /** The receipts of a page of orders, for Customer Orders. */
  receiptsOf(orderIds: readonly Id[]): Promise<readonly PaymentReceipt[]> {
    return this.receipts.ofOrders(orderIds);
  }

  /** The admin saw the money arrive: the order is paid, once, with its confirmation and an audit entry in the same unit. */
  approve(user: User | undefined, orderId: string): TE.TaskEither<DomainError, Order> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const order = await this.decidable(orderId);
      if (isDomainError(order)) return order;
      const by = { id: admin.id, username: admin.username, at: this.clock.now() };
      const settled = await this.settlement.pay(order, approvedPaymentId(order.id), (tx, saved) =>
        tx.audit(entryOf(by, 'transfer-approved', { subject: saved.id, detail: { paymentId: approvedPaymentId(saved.id) } })),
        // A rejection that landed since this was read stands: the buyer was told.
        paidWhilePending,
      );
      if (isDomainError(settled)) return settled;
      return settled.order;
    });
  }

  /** The money did not arrive (or not all of it): the order fails, and its buyer is told why. */
  reject(user: User | undefined, orderId: string, reasonText: string): TE.TaskEither<DomainError, Order> {
    return attempt(async () => {
      const admin = requireAdmin(user);
      if (isDomainError(admin)) return admin;
      const reason = rejectionReasonOf(reasonText);
      if (!reason) return invalid(reasonText.trim().length > REASON_MAX ? REASON_TOO_LONG : REASON_NEEDED);
      const order = await this.decidable(orderId);
      if (isDomainError(order)) return order;
      const by = { id: admin.id, username: admin.username, at: this.clock.now() };
      const result = await changeOrder(this.orders, this.work, order.id, failed, async (tx, saved) => {
        await tx.audit(entryOf(by, 'transfer-rejected', { subject: saved.id, detail: { reason } }));
        await tx.queueMail(MAIL.transferRejected(saved.id), transferRejectedLetterOf(saved, reason, this.contact));
      });
      if (result.kind === 'missing') return notFound(ORDER_NOT_FOUND);
      return result.kind === 'changed' ? result.order : conflict(NOT_WAITING);
    });
  }

  private async waitingOrderOf(user: User | undefined, orderId: string): Promise<Order | DomainError> {
    const buyer = requireUser(user);
    if (isDomainError(buyer)) return buyer;
    const order = isId(orderId) ? await this.orders.findById(orderId) : undefined;
    // Someone else's order is answered as no order at all: its existence is not theirs to learn.
    if (!order || order.userId !== buyer.id) return notFound(ORDER_NOT_FOUND);
    if (!isPaidByHand(order)) return conflict(NOT_PAID_BY_HAND);
    return awaitsTransfer(order) ? order : conflict(NOT_WAITING);
  }

  /** An order the admin may approve or reject: paid by hand and still waiting. */
  private async decidable(orderId: string): Promise<Order | DomainError> {
    const order = isId(orderId) ? await this.orders.findById(orderId) : undefined;
    if (!order) return notFound(ORDER_NOT_FOUND);
    if (!isPaidByHand(order)) return conflict(NOT_PAID_BY_HAND);
    return awaitsTransfer(order) ? order : conflict(NOT_WAITING);
  }
}
