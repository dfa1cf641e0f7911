import { StoreContact } from '../../ordering/domain/confirmation';
import { STORE_NAME, wordsIn } from '../../ordering/domain/letters';
import { escapeHtml, htmlIn, storePage, textIn } from '../../ordering/domain/letters/layout';
import { OutgoingMail } from '../../ordering/ports/mailer';
import { LANGUAGES, Language } from '../../shared/language';
import { RESET_LIFETIME_MS, RESET_PATH } from './password-reset';

/** Where the store lives: the link is built from PUBLIC_URL, never from a request (DECISIONS 19). */
export type ResetContact = Required<StoreContact>;

/** The reset page in the letter's language. */
export const resetLinkOf = (token: string, contact: ResetContact, language: Language): string =>
  storePage(contact.storeUrl, language, `${RESET_PATH}${encodeURIComponent(token)}`);

/**
 * The letter with a reset link. It names no account (it is written before anyone knows whether the
 * address has one), and says what to do when the reader did not ask for it.
 */
export const resetLetterOf = (to: string, token: string, contact: ResetContact, language: Language): OutgoingMail => {
  const words = wordsIn(language);
  const link = resetLinkOf(token, contact, language);
  const minutes = words.reset.minutes(RESET_LIFETIME_MS / 60_000);
  const [helpBefore, helpAfter] = words.needHelp;
  const text = textIn(language, [
    words.helloWhoever,
    '',
    words.reset.asked,
    words.reset.openWithin(minutes),
    '',
    link,
    '',
    words.reset.notYou,
    `${helpBefore}${contact.supportAddress}${helpAfter}`,
    '',
    STORE_NAME,
  ]);
  const html = htmlIn(language, [
    `<p>${words.helloWhoever}</p>`,
    `<p>${words.reset.asked}</p>`,
    `<p>${words.reset.openWithin(minutes)}</p>`,
    `<p><a href="${escapeHtml(link)}">${words.reset.open}</a></p>`,
    `<p>${words.copyAddress(escapeHtml(link))}</p>`,
    `<p>${words.reset.notYou}</p>`,
    `<p>${helpBefore}<a href="mailto:${escapeHtml(contact.supportAddress)}">${escapeHtml(contact.supportAddress)}</a>${helpAfter}</p>`,
    `<p>${STORE_NAME}</p>`,
  ]);
  return { to, subject: words.subjects.reset, text, html };
};

/** The same letter in every language: the account's own setting picks one, where it has one. */
export const resetLettersOf = (to: string, token: string, contact: ResetContact): Readonly<Record<Language, OutgoingMail>> =>
  Object.fromEntries(LANGUAGES.map((language) => [language, resetLetterOf(to, token, contact, language)])) as Record<Language, OutgoingMail>;
