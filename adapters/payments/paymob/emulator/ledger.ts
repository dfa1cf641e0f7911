import { randomBytes, randomInt } from 'node:crypto';
import { IntentionItem, PaymobOrder, PaymobTransaction } from '../wire';

/** An intention the emulator made, with its Paymob order and everything made from it. */
export interface HeldIntention {
  readonly id: string;
  readonly clientSecret: string;
  readonly order: PaymobOrder;
  readonly integrations: readonly number[];
  readonly expiresAt: number;
  readonly notificationUrl?: string;
  readonly redirectionUrl?: string;
  readonly extras: Readonly<Record<string, string>>;
  /** Payment attempts, latest last (bounded); refunds are kept apart. */
  readonly payments: PaymobTransaction[];
  readonly refunds: PaymobTransaction[];
  readonly keys: string[];
  readonly bills: number[];
  readonly approvals: string[];
}

export interface KioskBill {
  readonly reference: number;
  readonly intentionId: string;
  readonly transactionId: number;
  readonly expiresAt: number;
}

/** A wallet payment waiting for the buyer's OTP on its approval page. */
export interface WalletApproval {
  readonly token: string;
  readonly intentionId: string;
  readonly transactionId: number;
  readonly otp: string;
  readonly phone: string;
}

export type NewIntention = Omit<HeldIntention, 'id' | 'clientSecret' | 'order' | 'payments' | 'refunds' | 'keys' | 'bills' | 'approvals'> & {
  readonly amountCents: number;
  readonly specialReference: string;
  readonly items: readonly IntentionItem[];
};

const OWNER = 4705;
const PROFILE = 1;
/** Payment attempts (and the references and approvals made for them) kept per intention. */
const KEPT_PAYMENTS = 20;

/** Paymob's timestamps: microseconds, no zone. */
export const paymobTime = (date: Date): string => `${date.toISOString().slice(0, 23)}000`;

export type TransactionFacts = Pick<PaymobTransaction, 'success' | 'pending' | 'integration_id' | 'source_data' | 'data'> &
  Partial<Pick<PaymobTransaction, 'amount_cents' | 'has_parent_transaction' | 'parent_transaction' | 'is_refund'>>;

/**
 * Everything the emulator holds, in memory and bounded: the oldest intention goes, with its keys,
 * references and approvals, once there are more than `maxIntentions`.
 */
export class Ledger {
  private readonly intentions = new Map<string, HeldIntention>();
  private readonly bySecret = new Map<string, string>();
  private readonly byOrder = new Map<number, string>();
  private readonly byReference = new Map<string, string>();
  private readonly byTransaction = new Map<number, string>();
  readonly keys = new Map<string, { readonly intentionId: string; readonly integration: number }>();
  readonly bills = new Map<number, KioskBill>();
  readonly approvals = new Map<string, WalletApproval>();
  // Numbered from the time it starts, a thousand a millisecond: an emulator started again on the
  // same database (`npm start` twice) never repeats an id an order or a payment of the store holds.
  private nextOrderId = Date.now() * 1000;
  private nextTransactionId = Date.now() * 1000;
  private nextBill = Number(String(Date.now()).slice(-9));

  constructor(
    private readonly maxIntentions: number,
    private readonly now: () => number,
  ) {}

  create(intention: NewIntention): HeldIntention {
    const mode = 'test';
    const held: HeldIntention = {
      ...intention,
      id: `pi_${mode}_${randomBytes(16).toString('hex')}`,
      clientSecret: `egy_csk_${mode}_${randomBytes(16).toString('hex')}`,
      order: {
        id: this.nextOrderId++,
        created_at: paymobTime(new Date(this.now())),
        delivery_needed: false,
        amount_cents: intention.amountCents,
        currency: 'EGP',
        merchant_order_id: intention.specialReference,
        paid_amount_cents: 0,
        items: intention.items,
      },
      payments: [],
      refunds: [],
      keys: [],
      bills: [],
      approvals: [],
    };
    this.intentions.set(held.id, held);
    this.bySecret.set(held.clientSecret, held.id);
    this.byOrder.set(held.order.id, held.id);
    this.byReference.set(intention.specialReference, held.id);
    for (const integration of held.integrations) {
      const key = randomBytes(32).toString('base64url');
      this.keys.set(key, { intentionId: held.id, integration });
      held.keys.push(key);
    }
    if (this.intentions.size > this.maxIntentions) this.forget(this.intentions.keys().next().value as string);
    return held;
  }

  get(id: string): HeldIntention | undefined {
    return this.intentions.get(id);
  }
  bySecretOf(clientSecret: string): HeldIntention | undefined {
    return this.intentions.get(this.bySecret.get(clientSecret) ?? '');
  }
  byOrderOf(paymobOrderId: string | number): HeldIntention | undefined {
    return this.intentions.get(this.byOrder.get(Number(paymobOrderId)) ?? '');
  }
  byReferenceOf(specialReference: string): HeldIntention | undefined {
    return this.intentions.get(this.byReference.get(specialReference) ?? '');
  }
  /** A payment or a refund, by its id, with its intention. */
  transaction(id: number): { held: HeldIntention; transaction: PaymobTransaction } | undefined {
    const held = this.intentions.get(this.byTransaction.get(id) ?? '');
    const transaction = held && [...held.payments, ...held.refunds].find((t) => t.id === id);
    return held && transaction && { held, transaction };
  }
  latestPayment(held: HeldIntention): PaymobTransaction | undefined {
    return held.payments[held.payments.length - 1];
  }
  isPaid(held: HeldIntention): boolean {
    return held.payments.some((t) => t.success && !t.pending && !t.is_voided);
  }

  /** A new transaction of the intention's order: a payment attempt, or a refund (a child of a payment). */
  record(held: HeldIntention, facts: TransactionFacts): PaymobTransaction {
    const amount = facts.amount_cents ?? held.order.amount_cents;
    const transaction: PaymobTransaction = {
      id: this.nextTransactionId++,
      amount_cents: amount,
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      refunded_amount_cents: 0,
      is_3d_secure: facts.source_data.type === 'card',
      profile_id: PROFILE,
      has_parent_transaction: false,
      order: { ...held.order, paid_amount_cents: facts.success && !facts.pending && !facts.has_parent_transaction ? amount : 0 },
      created_at: paymobTime(new Date(this.now())),
      currency: held.order.currency,
      error_occured: false,
      owner: OWNER,
      ...facts,
    };
    const list = facts.has_parent_transaction ? held.refunds : held.payments;
    list.push(transaction);
    this.byTransaction.set(transaction.id, held.id);
    if (held.payments.length > KEPT_PAYMENTS) this.byTransaction.delete((held.payments.shift() as PaymobTransaction).id);
    return transaction;
  }

  /** Changes a transaction as Paymob does when it settles (a wallet approved, a kiosk paid, a refund made). */
  update(held: HeldIntention, id: number, changes: Partial<PaymobTransaction>): PaymobTransaction | undefined {
    const at = held.payments.findIndex((t) => t.id === id);
    if (at < 0) return undefined;
    const before = held.payments[at] as PaymobTransaction;
    const paid = (changes.success ?? before.success) && !(changes.pending ?? before.pending);
    const updated = { ...before, ...changes, order: { ...before.order, paid_amount_cents: paid ? before.amount_cents : 0 } };
    held.payments[at] = updated;
    return updated;
  }

  newBill(held: HeldIntention, transactionId: number): KioskBill {
    const bill: KioskBill = { reference: this.nextBill++, intentionId: held.id, transactionId, expiresAt: held.expiresAt };
    this.bills.set(bill.reference, bill);
    held.bills.push(bill.reference);
    if (held.bills.length > KEPT_PAYMENTS) this.bills.delete(held.bills.shift() as number);
    return bill;
  }

  newApproval(held: HeldIntention, transactionId: number, phone: string): WalletApproval {
    const approval: WalletApproval = {
      token: randomBytes(24).toString('base64url'),
      intentionId: held.id,
      transactionId,
      otp: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      phone,
    };
    this.approvals.set(approval.token, approval);
    held.approvals.push(approval.token);
    if (held.approvals.length > KEPT_PAYMENTS) this.approvals.delete(held.approvals.shift() as string);
    return approval;
  }

  /** Kiosk references past their time are void: their pending transaction fails (a late payment is refused). */
  expireDue(held: HeldIntention): void {
    for (const reference of held.bills) {
      const bill = this.bills.get(reference);
      const t = bill && held.payments.find((p) => p.id === bill.transactionId);
      if (bill && t?.pending && bill.expiresAt <= this.now())
        this.update(held, t.id, { pending: false, success: false, data: { ...t.data, message: 'Expired', txn_response_code: 'EXPIRED' } });
    }
  }

  /** Kiosk references still open: not paid, not expired (newest first), for the test-mode kiosk page. */
  openBills(limit: number): { bill: KioskBill; held: HeldIntention }[] {
    const open: { bill: KioskBill; held: HeldIntention }[] = [];
    for (const bill of [...this.bills.values()].reverse()) {
      const found = this.transaction(bill.transactionId);
      if (found && found.transaction.pending && bill.expiresAt > this.now()) open.push({ bill, held: found.held });
      if (open.length >= limit) break;
    }
    return open;
  }

  private forget(id: string): void {
    const held = this.intentions.get(id);
    if (!held) return;
    this.intentions.delete(id);
    this.bySecret.delete(held.clientSecret);
    this.byOrder.delete(held.order.id);
    if (this.byReference.get(held.order.merchant_order_id) === id) this.byReference.delete(held.order.merchant_order_id);
    for (const t of [...held.payments, ...held.refunds]) this.byTransaction.delete(t.id);
    for (const key of held.keys) this.keys.delete(key);
    for (const bill of held.bills) this.bills.delete(bill);
    for (const token of held.approvals) this.approvals.delete(token);
  }
}
