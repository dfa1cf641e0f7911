import { SOURCE_LANGUAGE } from '../../../../core/shared/language';
import { egp, toDecimal, toDecimalString } from '../../../../core/shared/money';
import { PaymobOrder } from '../wire';
import { NoticeName, Speech, speechIn } from './words';

/**
 * The emulator's pages for the buyer: Unified Checkout (card, instalments) small enough for the
 * store's 550 px frame, a wallet's approval page, and the test kiosk. Each says it is a test, in
 * the buyer's language (words.ts).
 */
const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const pounds = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const ENGLISH = speechIn(SOURCE_LANGUAGE);
/** 'EGP 1,200.00': the piasters show, as on a card statement; in another language, as it writes pounds. */
export const amountText = (amountCents: number, speech: Speech = ENGLISH): string =>
  speech.language === SOURCE_LANGUAGE
    ? `EGP ${pounds.format(toDecimal(egp(amountCents)))}`
    : new Intl.NumberFormat(speech.w.locale, { style: 'currency', currency: 'EGP', minimumFractionDigits: 2 }).format(toDecimal(egp(amountCents)));

const page = (speech: Speech, title: string, body: string, script = ''): string => `<!doctype html>
<html lang="${speech.language}" dir="${speech.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1.5rem; color: #1a1a1a; background: #fff; }
  main { max-width: 28rem; margin: 0 auto; }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  .amount { font-size: 1.5rem; font-weight: 700; }
  .note { color: #4a4a4a; font-size: 0.9rem; }
  .otp { font: 700 1.25rem/1 ui-monospace, monospace; letter-spacing: 0.2em; }
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; margin-top: 1.25rem; }
  fieldset { border: 1px solid #9ca3af; border-radius: 4px; margin: 1rem 0 0; }
  label { display: block; margin: 0.25rem 0; }
  input[type=text] { font: inherit; padding: 0.4rem 0.6rem; border: 1px solid #6b7280; border-radius: 4px; width: 8rem; }
  button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 4px; border: 2px solid #1d4ed8; cursor: pointer; background: #fff; color: #1d4ed8; }
  button[value=pay] { background: #1d4ed8; color: #fff; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: start; padding: 0.4rem; border-bottom: 1px solid #e5e7eb; }
  button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
</style>
</head>
<body><main>${body}</main>${script}</body>
</html>`;

// The amount and the items' names keep their own direction inside an Arabic page.
const amountLine = (speech: Speech, amountCents: number) =>
  `<p>${speech.w.amountToPay} <bdi class="amount" dir="ltr" data-amount="${toDecimalString(egp(amountCents))}">${amountText(amountCents, speech)}</bdi></p>`;
const itemsOf = (speech: Speech, order: PaymobOrder) => {
  const items = order.items.map((item) => `<li dir="auto">${escape(item.name)}</li>`).join('');
  return items ? `<ul aria-label="${speech.w.items}">${items}</ul>` : '';
};

/** Unified Checkout by card: the amount in EGP and two labelled test-card buttons posting back to the same address. */
export const cardPage = (speech: Speech, order: PaymobOrder): string =>
  page(
    speech,
    speech.w.card.title,
    `<h1 id="title">${speech.w.card.heading}</h1>
${amountLine(speech, order.amount_cents)}
${itemsOf(speech, order)}
<p class="note">${speech.w.testNote}</p>
<form method="post" aria-labelledby="title">
  <div class="actions">
    <button type="submit" name="choice" value="pay">${speech.w.card.pay}</button>
    <button type="submit" name="choice" value="decline">${speech.w.card.decline}</button>
  </div>
</form>`,
  );

/** Unified Checkout in instalments: the buyer picks one of the integration's plans, then pays. */
export const instalmentsPage = (speech: Speech, order: PaymobOrder, plans: readonly number[]): string =>
  page(
    speech,
    speech.w.instalments.title,
    `<h1 id="title">${speech.w.instalments.heading}</h1>
${amountLine(speech, order.amount_cents)}
${itemsOf(speech, order)}
<p class="note">${speech.w.testNote}</p>
<form method="post" aria-labelledby="title">
  <fieldset>
    <legend>${speech.w.instalments.choosePlan}</legend>
    ${plans
      .map((plan, at) => `<label><input type="radio" name="plan" value="${plan}"${at === 0 ? ' checked' : ''}> ${speech.w.instalments.plan(at + 1, plan)}</label>`)
      .join('\n    ')}
  </fieldset>
  <div class="actions">
    <button type="submit" name="choice" value="pay">${speech.w.instalments.pay}</button>
    <button type="submit" name="choice" value="decline">${speech.w.instalments.decline}</button>
  </div>
</form>`,
  );

const masked = (phone: string) => `${phone.slice(0, 3)}•••••${phone.slice(-3)}`;

/** The wallet's approval page: the OTP the wallet sent, shown here because this is a test. */
export const walletPage = (speech: Speech, order: PaymobOrder, phone: string, otp: string, wrong = false): string =>
  page(
    speech,
    speech.w.wallet.title,
    `<h1 id="title">${speech.w.wallet.heading}</h1>
${amountLine(speech, order.amount_cents)}
<p>${speech.w.wallet.wallet} <bdi dir="ltr">${escape(masked(phone))}</bdi></p>
<p class="note">${speech.w.wallet.otpNote(`<bdi class="otp" dir="ltr" data-otp="${otp}">${otp}</bdi>`)}</p>
${wrong ? `<p role="alert">${speech.w.wallet.wrongCode}</p>` : ''}
<form method="post" aria-labelledby="title">
  <label for="otp">${speech.w.wallet.otpLabel}</label>
  <input type="text" id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="6" dir="ltr" required>
  <div class="actions">
    <button type="submit" name="choice" value="pay">${speech.w.wallet.confirm}</button>
  </div>
</form>`,
  );

export interface OpenBill {
  readonly reference: number;
  readonly amountCents: number;
  readonly expiresAt: number;
}

/** The test kiosk: open references, each with a button that pays it as a kiosk would. */
export const kioskPage = (bills: readonly OpenBill[], prefix: string, said?: string): string =>
  page(
    ENGLISH,
    'Kiosk (test)',
    `<h1>Kiosk (test): open references</h1>
<p class="note">A test of Aman and Masary: pressing Mark paid tells the store the cash was paid. No money moves.</p>
${said ? `<p role="status">${escape(said)}</p>` : ''}
${
  bills.length
    ? `<table><thead><tr><th>Reference</th><th>Amount</th><th>Pay before</th><th></th></tr></thead><tbody>
${bills
  .map(
    (bill) => `<tr><td>${bill.reference}</td><td>${amountText(bill.amountCents)}</td><td>${new Date(bill.expiresAt).toISOString().slice(0, 16).replace('T', ' ')} UTC</td>
<td><form method="post" action="${escape(prefix)}/kiosk/${bill.reference}/pay"><button type="submit" value="pay" aria-label="Mark ${bill.reference} paid">Mark paid</button></form></td></tr>`,
  )
  .join('\n')}
</tbody></table>`
    : '<p>No reference is waiting to be paid.</p>'
}`,
  );

/** A plain page for a link that no longer works (unknown page, expired or paid payment). */
export const notice = (speech: Speech, name: NoticeName): string => {
  const { title, text } = speech.w.notices[name];
  return page(speech, title, `<h1>${escape(title)}</h1><p>${escape(text)}</p>`);
};

/**
 * After paying, the whole window (not just the frame) goes to the store's way back, as the
 * store's result page expects; the link serves a browser without scripts.
 */
export const backToStore = (speech: Speech, url: string, paid: boolean, amountCents: number): string =>
  page(
    speech,
    speech.w.back.title,
    `<h1>${paid ? speech.w.back.approved(`<bdi dir="ltr">${amountText(amountCents, speech)}</bdi>`) : speech.w.back.declined}</h1>
<p><a id="continue" href="${escape(url)}" target="_top">${speech.w.back.returnToStore}</a></p>`,
    `<script>window.top.location.replace(${JSON.stringify(url).replace(/</g, '\\u003c')});</script>`,
  );
