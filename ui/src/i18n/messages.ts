import { SOURCE_LANGUAGE, isLanguage, type Language } from '../../../core/shared/language';
import { i18n } from './i18n';
import type { linesIn } from './message-lines';

/**
 * The server's messages in the page's language, by their codes (issue 20): the 'messages'
 * catalogue holds Arabic, Portuguese and Spanish for each code of api/messages.ts. English has no
 * catalogue of its own: the server's text is the English message, word for word (the spec's texts).
 * The reader (./message-lines.ts, with the message table) and the catalogue load only off English,
 * so the home page's JavaScript stays within its budget.
 */
const pageLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : SOURCE_LANGUAGE);

let reader: typeof linesIn | undefined;

/** The page language's catalogue and its reader, loaded before an answer is read (nothing for English). */
export const messagesReady = async (): Promise<void> => {
  if (pageLanguage() === SOURCE_LANGUAGE) return;
  const [lines] = await Promise.all([import('./message-lines'), i18n.loadNamespaces('messages')]);
  reader = lines.linesIn;
};

/**
 * A message of the server in the page's language, line by line (a message of several lines has a
 * code per line). An English page, a line without a known code, or a reader not yet loaded keeps
 * the server's text exactly.
 */
export const translatedMessage = (message: string, codes: readonly string[]): string =>
  reader ? reader(pageLanguage(), message, codes) : message;

/**
 * How long after the page's load the catalogue waits. The browser is idle between a page's reads
 * too: fetched at the first idle moment, the catalogue's files and their running came before an
 * Arabic cart's totals, its largest paint, on Lighthouse's phone. An answer read before it came
 * loads it first (messagesReady), so waiting never shows an untranslated message.
 */
const AFTER_LOAD_MS = 3000;

/**
 * The catalogue of messages fetched a while after the page has loaded, once the browser is idle,
 * so that the first answer with a message (a form's refusal) finds it there, and it never shares a
 * phone's slow line with what the page needs first.
 */
export const prepareMessagesWhenIdle = (): void => {
  if (pageLanguage() === SOURCE_LANGUAGE) return;
  const prepare = () => setTimeout(() => (window.requestIdleCallback ?? setTimeout)(() => void messagesReady().catch(() => undefined)), AFTER_LOAD_MS);
  if (document.readyState === 'complete') prepare();
  else window.addEventListener('load', prepare, { once: true });
};
