import { Language } from '../../shared/language';
import { OutgoingMail } from '../ports/mailer';
import { StoreContact } from './confirmation';
import { LIBRARY_LINK_LIFETIME_MS, LIBRARY_OPEN_PATH } from './guest-library';
import { STORE_NAME, wordsIn } from './letters';
import { escapeHtml, htmlIn, storePage, textIn } from './letters/layout';

/** Built from PUBLIC_URL, never from a request (DECISIONS 19); the page opens in the letter's language. */
export const libraryLinkOf = (token: string, contact: StoreContact, language: Language): string =>
  storePage(contact.storeUrl ?? '', language, `${LIBRARY_OPEN_PATH}${encodeURIComponent(token)}`);

/**
 * A new link to a guest's library, asked for on the store's page, in the language of that page. It
 * greets no one by name (the asker typed only an address) and says what to do when the reader did
 * not ask for it.
 */
export const libraryLetterOf = (to: string, token: string, contact: StoreContact, language: Language): OutgoingMail => {
  const words = wordsIn(language);
  const link = libraryLinkOf(token, contact, language);
  const days = words.library.days(LIBRARY_LINK_LIFETIME_MS / 86_400_000);
  const [helpBefore, helpAfter] = words.needHelp;
  const text = textIn(language, [
    words.helloWhoever,
    '',
    words.library.asked,
    words.library.openWithin(days),
    '',
    link,
    '',
    words.library.notYou,
    `${helpBefore}${contact.supportAddress}${helpAfter}`,
    '',
    STORE_NAME,
  ]);
  const html = htmlIn(language, [
    `<p>${words.helloWhoever}</p>`,
    `<p>${words.library.asked}</p>`,
    `<p>${words.library.openWithin(days)}</p>`,
    `<p><a href="${escapeHtml(link)}">${words.library.open}</a></p>`,
    `<p>${words.copyAddress(escapeHtml(link))}</p>`,
    `<p>${words.library.notYou}</p>`,
    `<p>${helpBefore}<a href="mailto:${escapeHtml(contact.supportAddress)}">${escapeHtml(contact.supportAddress)}</a>${helpAfter}</p>`,
    `<p>${STORE_NAME}</p>`,
  ]);
  return { to, subject: words.subjects.library, text, html };
};
