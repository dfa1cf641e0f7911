import { STORE_NAME } from './store-name';
import { LetterWords } from './words';

/** The source language: word for word the letters the store has always sent. */
export const ENGLISH: LetterWords = {
  locale: 'en-GB',
  hello: (name) => `Hello ${name},`,
  helloWhoever: 'Hello,',
  needHelp: ['Need help? Write to ', '.'],
  free: 'Free',
  total: 'Total',
  line: (title, price) => `${title}: ${price}`,
  inCairoTime: (when) => `${when} (Cairo time)`,
  reference: (reference) => `Reference: ${reference}`,
  amount: (amount) => `Amount: ${amount}`,
  payAt: (where) => `Pay at: ${where}`,
  places: { kiosk: 'Aman or Masary kiosk' },
  payBefore: (when) => `Pay before: ${when}`,
  refunded: (amount) => `Refunded: ${amount}`,
  coupon: (code, amount) => `Coupon ${code}: -${amount}`,
  reason: (reason) => `Reason: ${reason}`,
  noLongerDownloadable: (title) => `${title} (no longer available to download)`,
  copyAddress: (link) => `Or copy this address into your browser: ${link}`,

  subjects: {
    confirmed: (number) => `${STORE_NAME}: order ${number} confirmed`,
    delivered: (number) => `${STORE_NAME}: order ${number} delivered`,
    copiesReady: (number) => `${STORE_NAME}: your copies of order ${number} are ready`,
    payAt: (number) => `${STORE_NAME}: how to pay for order ${number}`,
    reminder: (number) => `${STORE_NAME}: order ${number} is still waiting for your payment`,
    refunded: (number, wholly) => `${STORE_NAME}: order ${number} ${wholly ? 'refunded' : 'partly refunded'}`,
    transferRejected: (number) => `${STORE_NAME}: the transfer for order ${number} was not accepted`,
    library: `${STORE_NAME}: your library`,
    reset: `${STORE_NAME}: reset your password`,
  },

  openings: {
    confirmed: (number) => [`Thank you for your purchase at ${STORE_NAME}. Your payment for order `, number, ' was received.'],
    delivered: (number) => ['Your order ', number, ` at ${STORE_NAME} has been delivered.`],
    copiesReady: (number) => ['Your own copies of the files of order ', number, ', made for this e-mail address, are ready.'],
    payAt: (reference) => ['Your order is waiting for your payment. Pay against the reference ', reference, ' with the details below.'],
    reminder: (reference) => ['The reference ', reference, ' runs out soon; after that the order is cancelled.'],
    refunded: (amount, number) => ['We have refunded ', amount, ` of order ${number}.`],
    transferRejected: (number) => [
      'We could not accept the transfer for order ',
      number,
      ', so the order is cancelled. If you did transfer the money, reply with your receipt and we will sort it out.',
    ],
  },

  where: {
    copiesComing: (inLibrary) =>
      `Your own copies, with your e-mail address in them, are being made: another e-mail will say when they are ready${inLibrary ? ' in your library. This link opens it once, within 7 days' : ' in the Orders section of your profile'}`,
    downloadsInLibrary: (delivered) =>
      delivered
        ? 'Your downloads are ready in your library. This link opens it once, within 7 days'
        : 'Your downloads will appear in your library as soon as the order is delivered. This link opens it once, within 7 days',
    downloadsInProfile: (delivered) =>
      delivered
        ? 'Your downloads are ready in the Orders section of your profile'
        : 'Your downloads will appear in the Orders section of your profile as soon as the order is delivered',
    orderInProfile: 'Your order is in the Orders section of your profile',
    copiesInLibrary: 'Download or read them in your library',
    copiesInProfile: 'Download or read them in the Orders section of your profile',
    referenceInProfile: 'The order and its reference are in the Orders section of your profile',
  },

  library: {
    asked: `Someone asked for a link to the ${STORE_NAME} purchases made with this e-mail address.`,
    openWithin: (days) => `Open this link within ${days} to see them. It works once:`,
    days: (count) => `${count} days`,
    notYou: 'If you did not ask for this, ignore this e-mail.',
    open: 'Open your library',
  },

  reset: {
    asked: `Someone asked to reset the password of the ${STORE_NAME} account with this e-mail address.`,
    openWithin: (minutes) => `To choose a new password, open this link within ${minutes}. It works once:`,
    minutes: (count) => `${count} minutes`,
    notYou: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    open: 'Reset your password',
  },
};
