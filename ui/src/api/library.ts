/** A guest's library (DECISIONS 25): opened by an e-mailed link, with a session of its own. */
import type { OrderSummary } from '../../../api/accounts';
import { call } from './client';

export interface Library {
  readonly email: string;
  readonly orders: OrderSummary[];
}

export const libraryApi = {
  /** Spends the link's token: the library's session starts, and the address's orders join a signed-in account of that address. */
  async open(token: string): Promise<{ email: string; attached: number }> {
    const r = await call('openLibrary', { body: { token } });
    return { email: r.email, attached: r.attached };
  },

  async show(): Promise<Library> {
    return (await call('library')).library;
  },

  /** A new link by e-mail; the answer says the same whether or not the address has purchases. */
  async askLink(email: string): Promise<string> {
    return (await call('askLibraryLink', { body: { email } })).message;
  },

  async close(): Promise<void> {
    await call('closeLibrary', { body: {} });
  },
};
