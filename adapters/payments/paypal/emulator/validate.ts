import { minorOf, PayPalAmount, readRecord } from '../wire';
import { Issue, paypalError, Reply } from './errors';

export interface EmulatedItem {
  readonly name: string;
  readonly unit_amount: PayPalAmount;
  readonly quantity: string;
  readonly category?: string;
}

/** The one purchase unit the emulator keeps, as the merchant sent it (PayPal echoes it back). */
export interface PurchaseUnit {
  readonly reference_id: string;
  readonly custom_id?: string;
  readonly invoice_id?: string;
  readonly description?: string;
  readonly amount: PayPalAmount & { readonly breakdown?: Record<string, PayPalAmount> };
  readonly items?: readonly EmulatedItem[];
}

class Refusal {
  constructor(readonly reply: Reply) {}
}

const refuse = (status: 400 | 422, issue: Issue, field: string, value?: string): never => {
  throw new Refusal(paypalError(status, issue, { field, value }));
};

const UNIT = "/purchase_units/@reference_id=='default'";
const CATEGORIES = ['DIGITAL_GOODS', 'PHYSICAL_GOODS', 'DONATION'];
const ADDED = ['item_total', 'tax_total', 'shipping', 'handling', 'insurance'];
const SUBTRACTED = ['shipping_discount', 'discount'];

/** An amount's minor units, refused as PayPal refuses a missing, malformed or over-precise one. */
const amount = (value: unknown, field: string, currency?: string): { minor: number; amount: PayPalAmount } => {
  const a = readRecord(value);
  if (!a) return refuse(400, 'MISSING_REQUIRED_PARAMETER', field);
  if (typeof a.currency_code !== 'string' || !/^[A-Z]{3}$/.test(a.currency_code)) return refuse(400, 'INVALID_PARAMETER_VALUE', `${field}/currency_code`);
  if (currency && a.currency_code !== currency) return refuse(422, 'CURRENCY_MISMATCH', `${field}/currency_code`, a.currency_code);
  if (typeof a.value !== 'string') return refuse(400, 'MISSING_REQUIRED_PARAMETER', `${field}/value`);
  const minor = minorOf(a.value);
  if (minor === undefined) return refuse(400, /^\d+\.\d{3,}$/.test(a.value) ? 'DECIMAL_PRECISION' : 'INVALID_PARAMETER_SYNTAX', `${field}/value`, a.value);
  return { minor, amount: { currency_code: a.currency_code, value: a.value } };
};

const text = (value: unknown, field: string, max: number): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > max) return refuse(400, 'INVALID_PARAMETER_VALUE', field);
  return value;
};

const item = (value: unknown, index: number, currency: string): EmulatedItem & { minor: number } => {
  const field = `${UNIT}/items/@index=${index}`;
  const i = readRecord(value) ?? refuse(400, 'INVALID_PARAMETER_SYNTAX', field);
  const name = text(i.name, `${field}/name`, 127) ?? refuse(400, 'MISSING_REQUIRED_PARAMETER', `${field}/name`);
  if (typeof i.quantity !== 'string' || !/^[1-9]\d{0,9}$/.test(i.quantity)) return refuse(400, 'INVALID_PARAMETER_VALUE', `${field}/quantity`);
  const category = text(i.category, `${field}/category`, 20);
  if (category !== undefined && !CATEGORIES.includes(category)) return refuse(400, 'INVALID_PARAMETER_VALUE', `${field}/category`, category);
  const unit = amount(i.unit_amount, `${field}/unit_amount`, currency);
  return { name, quantity: i.quantity, unit_amount: unit.amount, ...(category ? { category } : {}), minor: unit.minor * Number(i.quantity) };
};

const unitOf = (value: unknown): PurchaseUnit => {
  const u = readRecord(value) ?? refuse(400, 'MISSING_REQUIRED_PARAMETER', '/purchase_units');
  const total = amount(u.amount, `${UNIT}/amount`);
  const currency = total.amount.currency_code;
  const items = u.items === undefined ? [] : Array.isArray(u.items) ? u.items.map((i, n) => item(i, n, currency)) : refuse(400, 'INVALID_PARAMETER_SYNTAX', `${UNIT}/items`);
  const b = readRecord(readRecord(u.amount)?.breakdown);
  if (items.length > 0 && !b?.item_total) return refuse(422, 'ITEM_TOTAL_REQUIRED', `${UNIT}/amount/breakdown/item_total`);
  const breakdown: Record<string, PayPalAmount> = {};
  if (b) {
    let sum = 0;
    for (const key of [...ADDED, ...SUBTRACTED]) {
      if (b[key] === undefined) continue;
      const part = amount(b[key], `${UNIT}/amount/breakdown/${key}`, currency);
      breakdown[key] = part.amount;
      sum += ADDED.includes(key) ? part.minor : -part.minor;
    }
    const itemTotal = breakdown.item_total ? minorOf(breakdown.item_total.value) : undefined;
    if (items.length > 0 && itemTotal !== items.reduce((s, i) => s + i.minor, 0)) {
      return refuse(422, 'ITEM_TOTAL_MISMATCH', `${UNIT}/amount/breakdown/item_total/value`, breakdown.item_total?.value);
    }
    if (sum !== total.minor) return refuse(422, 'AMOUNT_MISMATCH', `${UNIT}/amount/value`, total.amount.value);
  }
  return {
    reference_id: text(u.reference_id, `${UNIT}/reference_id`, 256) ?? 'default',
    custom_id: text(u.custom_id, `${UNIT}/custom_id`, 127),
    invoice_id: text(u.invoice_id, `${UNIT}/invoice_id`, 127),
    description: text(u.description, `${UNIT}/description`, 127),
    amount: { ...total.amount, ...(b ? { breakdown } : {}) },
    ...(items.length > 0 ? { items: items.map(({ minor: _, ...rest }) => rest) } : {}),
  };
};

/** Checks a create-order body as PayPal does: the purchase unit, or PayPal's 400/422 answer. */
export const validateOrder = (body: unknown): { readonly unit: PurchaseUnit } | { readonly refused: Reply } => {
  try {
    const b = readRecord(body) ?? refuse(400, 'INVALID_PARAMETER_SYNTAX', '/');
    if (b.intent === undefined) refuse(400, 'MISSING_REQUIRED_PARAMETER', '/intent');
    // The store captures at once; the emulator does not model authorisations.
    if (b.intent !== 'CAPTURE') refuse(400, 'INVALID_PARAMETER_VALUE', '/intent', String(b.intent));
    if (!Array.isArray(b.purchase_units) || b.purchase_units.length !== 1) refuse(400, 'MISSING_REQUIRED_PARAMETER', '/purchase_units');
    return { unit: unitOf((b.purchase_units as unknown[])[0]) };
  } catch (error) {
    if (error instanceof Refusal) return { refused: error.reply };
    throw error;
  }
};
