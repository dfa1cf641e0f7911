import { Money, formatMoney } from '../../shared/money';
import { OfflinePayment } from '../ports/payment-gateway';
import { OutgoingMail } from '../ports/mailer';
import { Order, orderNumber } from './order';
import { LIBRARY_PATH } from './guest-library';

export const STORE_NAME = 'Dental Library';

/** The outbox ids of an order's letters: queueing one again changes nothing, so each goes out once. */
export const MAIL = {
  confirmation: (orderId: string) => `order-paid-${orderId}`,
  delivered: (orderId: string) => `order-delivered-${orderId}`,
  payAt: (orderId: string) => `order-pay-at-${orderId}`,
  reminder: (orderId: string) => `order-reminder-${orderId}`,
  refund: (refundKey: string) => `order-refund-${refundKey}`,
  transferRejected: (orderId: string) => `order-transfer-rejected-${orderId}`,
  copiesReady: (orderId: string) => `order-copies-ready-${orderId}`,
} as const;

/** Who the buyer can write to, and where the store lives (DECISIONS 19: PUBLIC_URL). */
export interface StoreContact {
  readonly supportAddress: string;
  /** The store's own origin, for the link to the profile's Orders section; no link when absent. */
  readonly storeUrl?: string;
}

const PROFILE_PATH = '/user/profile';

/** Titles and names come from admins and buyers: in HTML they are text, never markup. */
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** What differs between the store's letters about an order; greeting, link and signature are shared. */
interface Letter {
  readonly subject: string;
  /** The first paragraph, as text; `strong` is shown in bold in the HTML part. */
  readonly opening: readonly [before: string, strong: string, after: string];
  readonly lines: readonly string[];
  readonly linesHtml: string;
  readonly where: string;
  /** Where `where` points instead of the profile: a guest's library link. */
  readonly link?: string;
}

const letterAbout = (order: Order, contact: StoreContact, letter: Letter): OutgoingMail => {
  const profile = letter.link ?? (contact.storeUrl ? `${contact.storeUrl.replace(/\/+$/, '')}${PROFILE_PATH}` : undefined);
  const [before, strong, after] = letter.opening;
  const text = [
    `Hello ${order.buyerName},`,
    '',
    `${before}${strong}${after}`,
    '',
    ...letter.lines,
    '',
    `${letter.where}${profile ? `: ${profile}` : '.'}`,
    `Need help? Write to ${contact.supportAddress}.`,
    '',
    STORE_NAME,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(order.buyerName)},</p>`,
    `<p>${escapeHtml(before)}<strong>${escapeHtml(strong)}</strong>${escapeHtml(after)}</p>`,
    letter.linesHtml,
    `<p>${letter.where}${profile ? `: <a href="${escapeHtml(profile)}">${escapeHtml(profile)}</a>` : '.'}</p>`,
    `<p>Need help? Write to <a href="mailto:${escapeHtml(contact.supportAddress)}">${escapeHtml(contact.supportAddress)}</a>.</p>`,
    `<p>${STORE_NAME}</p>`,
  ].join('\n');
  return { to: order.buyerEmail, subject: letter.subject, text, html };
};

/**
 * The one e-mail a paid order sends: what was bought, for how much, and where the downloads are. A
 * guest's order has no profile: its letter carries `libraryLink`, the single-use link to the
 * guest's library (guest-library.ts).
 */
export const confirmationOf = (order: Order, contact: StoreContact, libraryLink?: string, copiesToMake = false): OutgoingMail => {
  const number = orderNumber(order.id);
  const rows = order.lines
    .map((line) => `<tr><td>${escapeHtml(line.title)}</td><td align="right">${escapeHtml(formatMoney(line.price))}</td></tr>`)
    .join('');
  return letterAbout(order, contact, {
    subject: `${STORE_NAME}: order ${number} confirmed`,
    opening: [`Thank you for your purchase at ${STORE_NAME}. Your payment for order `, number, ' was received.'],
    lines: [...order.lines.map((line) => `- ${line.title}: ${formatMoney(line.price)}`), `Total: ${formatMoney(order.total)}`],
    linesHtml: `<table>${rows}<tr><th align="left">Total</th><th align="right">${escapeHtml(formatMoney(order.total))}</th></tr></table>`,
    where: copiesToMake
      ? `Your own copies, with your e-mail address in them, are being made: another e-mail will say when they are ready${libraryLink ? ' in your library. This link opens it once, within 7 days' : ' in the Orders section of your profile'}`
      : libraryLink
      ? order.delivered
        ? 'Your downloads are ready in your library. This link opens it once, within 7 days'
        : 'Your downloads will appear in your library as soon as the order is delivered. This link opens it once, within 7 days'
      : order.delivered
        ? 'Your downloads are ready in the Orders section of your profile'
        : 'Your downloads will appear in the Orders section of your profile as soon as the order is delivered',
    ...(libraryLink ? { link: libraryLink } : {}),
  });
};

/**
 * The e-mail an order sends when the admin delivers it: its downloads are now in the profile, or,
 * for an order with none (delivered away from the store), only that it is delivered.
 */
export const deliveryNoticeOf = (order: Order, contact: StoreContact, hasDownloads = true): OutgoingMail => {
  const number = orderNumber(order.id);
  return letterAbout(order, contact, {
    subject: `${STORE_NAME}: order ${number} delivered`,
    opening: ['Your order ', number, ` at ${STORE_NAME} has been delivered.`],
    lines: order.lines.map((line) => `- ${line.title}`),
    linesHtml: `<ul>${order.lines.map((line) => `<li>${escapeHtml(line.title)}</li>`).join('')}</ul>`,
    where: hasDownloads ? 'Your downloads are ready in the Orders section of your profile' : 'Your order is in the Orders section of your profile',
  });
};

/**
 * The e-mail that follows a paid order once the buyer's own stamped copies are made (issue 19): a
 * guest's points to the library page (which sends a new link), an account's to the profile.
 */
export const copiesReadyOf = (order: Order, contact: StoreContact): OutgoingMail => {
  const number = orderNumber(order.id);
  const store = contact.storeUrl?.replace(/\/+$/, '');
  return letterAbout(order, contact, {
    subject: `${STORE_NAME}: your copies of order ${number} are ready`,
    opening: ['Your own copies of the files of order ', number, ', made for this e-mail address, are ready.'],
    lines: order.lines.map((line) => `- ${line.title}`),
    linesHtml: `<ul>${order.lines.map((line) => `<li>${escapeHtml(line.title)}</li>`).join('')}</ul>`,
    where: order.userId === undefined ? 'Download or read them in your library' : 'Download or read them in the Orders section of your profile',
    ...(order.userId === undefined && store ? { link: `${store}${LIBRARY_PATH}` } : {}),
  });
};

/** Made once: `toLocaleString` with a time zone builds a formatter on every call, a cost per kiosk order. */
const CAIRO_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo', dateStyle: 'medium', timeStyle: 'short' });

/** When a reference runs out, as a buyer in Egypt reads it (the store's clock is UTC; Cairo's is the buyer's). */
const untilText = (iso: string): string => `${CAIRO_TIME.format(new Date(iso))} (Cairo time)`;

const payAtLines = (order: Order, payAt: OfflinePayment): string[] => [
  `Reference: ${payAt.reference}`,
  `Amount: ${formatMoney(order.total)}`,
  ...(payAt.payTo ? [`Pay at: ${payAt.payTo}`] : []),
  ...(payAt.expiresAt ? [`Pay before: ${untilText(payAt.expiresAt)}`] : []),
];

const listHtml = (lines: readonly string[]) => `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;

/** Sent when an order is to be paid away from the store (cash at a kiosk): what to pay, where, against what, by when. */
export const payAtLetterOf = (order: Order, payAt: OfflinePayment, contact: StoreContact): OutgoingMail => {
  const lines = payAtLines(order, payAt);
  return letterAbout(order, contact, {
    subject: `${STORE_NAME}: how to pay for order ${orderNumber(order.id)}`,
    opening: ['Your order is waiting for your payment. Pay against the reference ', payAt.reference, ' with the details below.'],
    lines,
    linesHtml: listHtml(lines),
    where: 'The order and its reference are in the Orders section of your profile',
  });
};

/** Sent once, before the reference runs out unpaid. */
export const reminderOf = (order: Order, payAt: OfflinePayment, contact: StoreContact): OutgoingMail => {
  const lines = payAtLines(order, payAt);
  return letterAbout(order, contact, {
    subject: `${STORE_NAME}: order ${orderNumber(order.id)} is still waiting for your payment`,
    opening: ['The reference ', payAt.reference, ' runs out soon; after that the order is cancelled.'],
    lines,
    linesHtml: listHtml(lines),
    where: 'The order and its reference are in the Orders section of your profile',
  });
};

/** Sent when money goes back: how much, for which products, whose downloads end now. */
export const refundLetterOf = (order: Order, productIds: readonly string[], amount: Money, contact: StoreContact): OutgoingMail => {
  const titles = order.lines.filter((line) => productIds.includes(line.productId)).map((line) => line.title);
  const lines = [`Refunded: ${formatMoney(amount)}`, ...titles.map((title) => `- ${title} (no longer available to download)`)];
  return letterAbout(order, contact, {
    subject: `${STORE_NAME}: order ${orderNumber(order.id)} ${order.status === 'refunded' ? 'refunded' : 'partly refunded'}`,
    opening: ['We have refunded ', formatMoney(amount), ` of order ${orderNumber(order.id)}.`],
    lines,
    linesHtml: listHtml(lines),
    where: 'Your order is in the Orders section of your profile',
  });
};

/** Sent when the admin rejects a transfer: the order is cancelled, and why, in the admin's words. */
export const transferRejectedLetterOf = (order: Order, reason: string, contact: StoreContact): OutgoingMail => {
  const lines = [`Reason: ${reason}`, `Amount: ${formatMoney(order.total)}`, ...(order.payAt ? [`Reference: ${order.payAt.reference}`] : [])];
  return letterAbout(order, contact, {
    subject: `${STORE_NAME}: the transfer for order ${orderNumber(order.id)} was not accepted`,
    opening: ['We could not accept the transfer for order ', orderNumber(order.id), ', so the order is cancelled. If you did transfer the money, reply with your receipt and we will sort it out.'],
    lines,
    linesHtml: listHtml(lines),
    where: 'Your order is in the Orders section of your profile',
  });
};
