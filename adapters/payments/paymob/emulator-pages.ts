import { egp, toDecimal, toDecimalString } from '../../../core/shared/money';
import { PaymobOrder } from './wire';

/** The emulator's hosted card page and its answers, small enough to sit in the store's 550 px frame. */
const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const pounds = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 'EGP 1,200.00': the piasters show, as on a card statement. */
export const amountText = (amountCents: number): string => `EGP ${pounds.format(toDecimal(egp(amountCents)))}`;

const page = (title: string, body: string, script = ''): string => `<!doctype html>
<html lang="en">
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
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; margin-top: 1.25rem; }
  button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 4px; border: 2px solid #1d4ed8; cursor: pointer; }
  button[value=pay] { background: #1d4ed8; color: #fff; }
  button[value=decline] { background: #fff; color: #1d4ed8; }
  button:focus-visible, a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
</style>
</head>
<body><main>${body}</main>${script}</body>
</html>`;

/** The card page: the amount in EGP and two labelled test-card buttons posting back to the same address. */
export const cardPage = (order: PaymobOrder, amountCents: number): string => {
  const items = order.items.map((item) => `<li>${escape(item.name)}</li>`).join('');
  return page(
    'Pay by card (test)',
    `<h1 id="title">Pay by card</h1>
<p>Amount to pay: <span class="amount" data-amount="${toDecimalString(egp(amountCents))}">${amountText(amountCents)}</span></p>
${items ? `<ul aria-label="Items">${items}</ul>` : ''}
<p class="note">Test payment: no money moves and no card is needed.</p>
<form method="post" aria-labelledby="title">
  <div class="actions">
    <button type="submit" name="choice" value="pay">Pay (test card)</button>
    <button type="submit" name="choice" value="decline">Decline (test card)</button>
  </div>
</form>`,
  );
};

/** A plain page for a link that no longer works (unknown frame, expired or unknown payment key). */
export const notice = (title: string, text: string): string => page(title, `<h1>${escape(title)}</h1><p>${escape(text)}</p>`);

/**
 * After paying, the whole window (not just the frame) goes to the store's response address, as
 * the store's result page expects; the link serves a browser without scripts.
 */
export const backToStore = (url: string, paid: boolean, amountCents: number): string =>
  page(
    'Returning to the store',
    `<h1>${paid ? `Payment of ${amountText(amountCents)} approved` : 'Payment declined'}</h1>
<p><a id="continue" href="${escape(url)}" target="_top">Return to the store</a></p>`,
    `<script>window.top.location.replace(${JSON.stringify(url).replace(/</g, '\\u003c')});</script>`,
  );
