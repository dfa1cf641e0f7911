import { Language, languageOf } from '../../shared/language';
import { Money } from '../../shared/money';
import { OfflinePayment } from '../ports/payment-gateway';
import { OutgoingMail } from '../ports/mailer';
import { Order, orderNumber } from './order';
import { LIBRARY_PATH } from './guest-library';
import { LetterWords, Opening, STORE_NAME, wordsIn } from './letters';
import { cairoTimeIn, escapeHtml, htmlIn, ownDirection, priceIn, storePage, textIn } from './letters/layout';

export { STORE_NAME };

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

/** What differs between the store's letters about an order; greeting, link and signature are shared. */
interface Letter {
  readonly subject: string;
  /** The first paragraph, as text; `strong` is shown in bold in the HTML part. */
  readonly opening: Opening;
  readonly lines: readonly string[];
  readonly linesHtml: string;
  readonly where: string;
  /** Where `where` points instead of the profile: a guest's library link. */
  readonly link?: string;
}

/** An order's letters speak the language it was placed in (issue 20). */
const languageOfOrder = (order: Order): Language => languageOf(order.language);

/** What every letter about an order needs to say things in its language. */
interface Speaking {
  readonly language: Language;
  readonly words: LetterWords;
  readonly price: (amount: Money) => string;
  /** A title, a reason, a name: its own direction in the HTML part. */
  readonly own: (text: string) => string;
}

const speakingFor = (order: Order): Speaking => {
  const language = languageOfOrder(order);
  return {
    language,
    words: wordsIn(language),
    price: (amount) => priceIn(language, amount),
    own: (text) => ownDirection(language, escapeHtml(text)),
  };
};

const letterAbout = (order: Order, contact: StoreContact, letter: Letter): OutgoingMail => {
  const { language, words, own } = speakingFor(order);
  const profile = letter.link ?? (contact.storeUrl ? storePage(contact.storeUrl, language, PROFILE_PATH) : undefined);
  const [before, strong, after] = letter.opening;
  const [helpBefore, helpAfter] = words.needHelp;
  const text = textIn(language, [
    words.hello(order.buyerName),
    '',
    `${before}${strong}${after}`,
    '',
    ...letter.lines,
    '',
    `${letter.where}${profile ? `: ${profile}` : '.'}`,
    `${helpBefore}${contact.supportAddress}${helpAfter}`,
    '',
    STORE_NAME,
  ]);
  const html = htmlIn(language, [
    `<p>${words.hello(own(order.buyerName))}</p>`,
    `<p>${escapeHtml(before)}<strong>${escapeHtml(strong)}</strong>${escapeHtml(after)}</p>`,
    letter.linesHtml,
    `<p>${letter.where}${profile ? `: <a href="${escapeHtml(profile)}">${escapeHtml(profile)}</a>` : '.'}</p>`,
    `<p>${helpBefore}<a href="mailto:${escapeHtml(contact.supportAddress)}">${escapeHtml(contact.supportAddress)}</a>${helpAfter}</p>`,
    `<p>${STORE_NAME}</p>`,
  ]);
  return { to: order.buyerEmail, subject: letter.subject, text, html };
};

/**
 * The one e-mail a paid order sends: what was bought, for how much, and where the downloads are. A
 * guest's order has no profile: its letter carries `libraryLink`, the single-use link to the
 * guest's library (guest-library.ts).
 */
export const confirmationOf = (order: Order, contact: StoreContact, libraryLink?: string, copiesToMake = false): OutgoingMail => {
  const { language, words, price, own } = speakingFor(order);
  const number = orderNumber(order.id);
  // The price column sits at the end of each row: the right in English, the left in Arabic.
  const [start, end] = language === 'ar' ? ['right', 'left'] : ['left', 'right'];
  // The lines are priced less the coupon's parts; the coupon's line says how much it took off in all.
  const coupon = order.coupon ? words.coupon(order.coupon.code, price(order.coupon.discount)) : undefined;
  const rows =
    order.lines.map((line) => `<tr><td>${own(line.title)}</td><td align="${end}">${escapeHtml(price(line.price))}</td></tr>`).join('') +
    (coupon ? `<tr><td colspan="2">${escapeHtml(coupon)}</td></tr>` : '');
  return letterAbout(order, contact, {
    subject: words.subjects.confirmed(number),
    opening: words.openings.confirmed(number),
    lines: [...order.lines.map((line) => `- ${words.line(line.title, price(line.price))}`), ...(coupon ? [coupon] : []), `${words.total}: ${price(order.total)}`],
    linesHtml: `<table>${rows}<tr><th align="${start}">${words.total}</th><th align="${end}">${escapeHtml(price(order.total))}</th></tr></table>`,
    where: copiesToMake
      ? words.where.copiesComing(libraryLink !== undefined)
      : libraryLink
        ? words.where.downloadsInLibrary(order.delivered)
        : words.where.downloadsInProfile(order.delivered),
    ...(libraryLink ? { link: libraryLink } : {}),
  });
};

const titlesHtml = (order: Order, own: Speaking['own']) => `<ul>${order.lines.map((line) => `<li>${own(line.title)}</li>`).join('')}</ul>`;

/**
 * The e-mail an order sends when the admin delivers it: its downloads are now in the profile, or,
 * for an order with none (delivered away from the store), only that it is delivered.
 */
export const deliveryNoticeOf = (order: Order, contact: StoreContact, hasDownloads = true): OutgoingMail => {
  const { words, own } = speakingFor(order);
  const number = orderNumber(order.id);
  return letterAbout(order, contact, {
    subject: words.subjects.delivered(number),
    opening: words.openings.delivered(number),
    lines: order.lines.map((line) => `- ${line.title}`),
    linesHtml: titlesHtml(order, own),
    where: hasDownloads ? words.where.downloadsInProfile(true) : words.where.orderInProfile,
  });
};

/**
 * The e-mail that follows a paid order once the buyer's own stamped copies are made (issue 19): a
 * guest's points to the library page (which sends a new link), an account's to the profile.
 */
export const copiesReadyOf = (order: Order, contact: StoreContact): OutgoingMail => {
  const { language, words, own } = speakingFor(order);
  const number = orderNumber(order.id);
  const guest = order.userId === undefined;
  return letterAbout(order, contact, {
    subject: words.subjects.copiesReady(number),
    opening: words.openings.copiesReady(number),
    lines: order.lines.map((line) => `- ${line.title}`),
    linesHtml: titlesHtml(order, own),
    where: guest ? words.where.copiesInLibrary : words.where.copiesInProfile,
    ...(guest && contact.storeUrl ? { link: storePage(contact.storeUrl, language, LIBRARY_PATH) } : {}),
  });
};

const payAtLines = (order: Order, payAt: OfflinePayment): string[] => {
  const { language, words, price } = speakingFor(order);
  const where = payAt.place ? words.places[payAt.place] : payAt.payTo;
  return [
    words.reference(payAt.reference),
    words.amount(price(order.total)),
    ...(where ? [words.payAt(where)] : []),
    ...(payAt.expiresAt ? [words.payBefore(cairoTimeIn(language, payAt.expiresAt))] : []),
  ];
};

const listHtml = (lines: readonly string[]) => `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;

/** Sent when an order is to be paid away from the store (cash at a kiosk): what to pay, where, against what, by when. */
export const payAtLetterOf = (order: Order, payAt: OfflinePayment, contact: StoreContact): OutgoingMail => {
  const { words } = speakingFor(order);
  const lines = payAtLines(order, payAt);
  return letterAbout(order, contact, {
    subject: words.subjects.payAt(orderNumber(order.id)),
    opening: words.openings.payAt(payAt.reference),
    lines,
    linesHtml: listHtml(lines),
    where: words.where.referenceInProfile,
  });
};

/** Sent once, before the reference runs out unpaid. */
export const reminderOf = (order: Order, payAt: OfflinePayment, contact: StoreContact): OutgoingMail => {
  const { words } = speakingFor(order);
  const lines = payAtLines(order, payAt);
  return letterAbout(order, contact, {
    subject: words.subjects.reminder(orderNumber(order.id)),
    opening: words.openings.reminder(payAt.reference),
    lines,
    linesHtml: listHtml(lines),
    where: words.where.referenceInProfile,
  });
};

/** Sent when money goes back: how much, for which products, whose downloads end now. */
export const refundLetterOf = (order: Order, productIds: readonly string[], amount: Money, contact: StoreContact): OutgoingMail => {
  const { words, price } = speakingFor(order);
  const titles = order.lines.filter((line) => productIds.includes(line.productId)).map((line) => line.title);
  const lines = [words.refunded(price(amount)), ...titles.map((title) => `- ${words.noLongerDownloadable(title)}`)];
  return letterAbout(order, contact, {
    subject: words.subjects.refunded(orderNumber(order.id), order.status === 'refunded'),
    opening: words.openings.refunded(price(amount), orderNumber(order.id)),
    lines,
    linesHtml: listHtml(lines),
    where: words.where.orderInProfile,
  });
};

/** Sent when the admin rejects a transfer: the order is cancelled, and why, in the admin's words. */
export const transferRejectedLetterOf = (order: Order, reason: string, contact: StoreContact): OutgoingMail => {
  const { words, price } = speakingFor(order);
  const lines = [words.reason(reason), words.amount(price(order.total)), ...(order.payAt ? [words.reference(order.payAt.reference)] : [])];
  return letterAbout(order, contact, {
    subject: words.subjects.transferRejected(orderNumber(order.id)),
    opening: words.openings.transferRejected(orderNumber(order.id)),
    lines,
    linesHtml: listHtml(lines),
    where: words.where.orderInProfile,
  });
};
