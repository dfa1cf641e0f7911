import { TOKENS } from '../../adapters/di/tokens';
import { filesOnShelf } from './stored-files';
import { Shopper } from './browser-like';
import { RunningStore } from './http';

/** The store's admin, made as the operator makes it (ADMIN_* at start), signed in. */
export const signedInAdmin = async (api: RunningStore, username = 'Owner'): Promise<Shopper> => {
  const password = 'Owner123';
  const made = await api.store.get(TOKENS.AdminAtStart).ensure({ username, email: `${username.toLowerCase()}@store.test`, password })();
  if (made._tag === 'Left') throw new Error(made.left.message);
  const admin = new Shopper(api);
  const signedIn = await admin.post('/api/user/login', { username, password });
  if (signedIn.status !== 200) throw new Error(`The admin could not sign in: ${JSON.stringify(signedIn.body)}`);
  return admin;
};

export const signedInShopper = async (api: RunningStore, username: string): Promise<Shopper> => {
  const shopper = new Shopper(api);
  const made = await shopper.signUp(username);
  if (made.status !== 201) throw new Error(`${username} could not sign up: ${JSON.stringify(made.body)}`);
  return shopper;
};

/** The product form as the editor fills it, every field valid; list fields as entries. */
export const aProductForm = (overrides: Record<string, string | string[] | undefined> = {}): Record<string, string | string[]> => {
  const form: Record<string, string | string[] | undefined> = {
    title: 'Modern Endodontics',
    author: ['Nadia Farouk', 'Omar Said'],
    description: 'A practical guide.\nWith pictures.',
    price: '12.50',
    egpprice: '600',
    category: 'books',
    subcategory: ['Endodontics', 'Anatomy'],
    size: '12.5',
    Pages: '320',
    Language: 'English',
    format: 'pdf',
    year: '2024',
    isbn: '978-0-00-000000-0',
    producturl: 'https://downloads.example.com/modern-endodontics.pdf',
    downloadpass: 'pass-1234',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string | string[]] => entry[1] !== undefined));
};

export interface FileToSend {
  readonly field: string;
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly type?: string;
}

/** The form as multipart: list fields as `name[]` entries, as the original editor sends them. */
export const multipart = (fields: Record<string, string | string[]>, files: readonly FileToSend[] = []): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (Array.isArray(value)) for (const entry of value) form.append(`${name}[]`, entry);
    else form.append(name, value);
  for (const file of files) form.append(file.field, new Blob([Buffer.from(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return form;
};

/** Every cover file the store keeps (none when it never kept one), a half-written one included. */
export const uploadedFiles = (api: RunningStore): Promise<string[]> => filesOnShelf(api.store.get(TOKENS.ImageStorage));
