import { readdirSync, statSync } from 'fs';
import { join, relative } from 'path';
import { MESSAGES, MESSAGE_CODES, MessageCode, codeOf, codesOf } from '../../api/messages';
import { failure } from '../../api/envelope';
import { passwordMessage } from '../../core/identity/domain/password-policy';
import { tooManyPasswordChecks, tooManySignIns, tooManySignUps } from '../../core/identity/domain/sign-in-limits';
import { tooManyResetRequests, tooManyResetTries } from '../../core/identity/domain/password-reset';
import { usernameMessage } from '../../core/identity/domain/user';
import { notOrderable, repriceWouldGiveAway } from '../../core/catalog/domain/free';
import { IMAGE_DAMAGED, IMAGE_TOO_BIG, NOT_AN_IMAGE, shown } from '../../core/catalog/domain/images';
import { tooManyLibraryLinks } from '../../core/ordering/domain/guest-library';
import { tooManyFreeOrders } from '../../core/ordering/domain/free-orders';
import { capReached } from '../../core/delivery/domain/downloads';
import { zipUnreadable } from '../../core/delivery/domain/file-content';
import { unsupportedExtension } from '../../core/delivery/domain/product-file';
import { refusedCharacterMessage } from '../../core/shared/text';
import { productFieldsOf } from '../../core/catalog/domain/product-form';
import { isDomainError } from '../../core/shared/errors';
import { tooManyRequests } from '../../adapters/http/address-limits';
import { unknownFileField } from '../../adapters/http/multipart';

/**
 * Every answer carries a code beside its message (DECISIONS 26); the server finds it by the text
 * (api/messages.ts). These tests are what keeps a new message from going out as 'unlisted'.
 */

const ROOT = join(__dirname, '../..');
const filesUnder = (folder: string): string[] =>
  readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return filesUnder(path);
    // A worker's module runs its work when loaded: it exports nothing to walk.
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !name.endsWith('-worker.ts') ? [path] : [];
  });

/**
 * Exported texts that are no answer's message: shown by the UI or written elsewhere (mail, logs,
 * pages), or names of things. Each is here on purpose; a new exported sentence must either get a
 * code or be added with its reason.
 */
const NOT_ANSWERS = new Set([
  'core/catalog/domain/images.ts UPLOAD_HINT', // the editor's hint under the image fields
  'core/identity/domain/password-policy.ts PASSWORD_HINT', // the sign-up form's hint
  'core/ordering/domain/confirmation.ts STORE_NAME', // the e-mails' signature
  'core/ordering/domain/letters/index.ts STORE_NAME', // the same, where the letters are written
  'core/ordering/domain/letters/store-name.ts STORE_NAME',
  'adapters/http/ui.ts TEST_STORE_BANNER', // written into every page, not an answer
  'core/identity/use-cases/admin-at-start.ts ADMIN_NAME_TAKEN', // the store refuses to start, in its log
]);

/** A sentence: words with spaces, not a path, a name or a MIME type. */
const looksLikeAMessage = (text: string) => /^[A-Za-z"'].* .*[A-Za-z.!)'"…]$/s.test(text) && !text.includes('://');

const exportedTexts = (): { where: string; text: string }[] =>
  ['core', 'api', 'adapters/http', 'adapters/stamping'].flatMap(filesUnder).flatMap((path) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const module = require(join(ROOT, path)) as Record<string, unknown>;
    return Object.entries(module)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && looksLikeAMessage(entry[1]))
      .map(([name, text]) => ({ where: `${relative(ROOT, join(ROOT, path))} ${name}`, text }));
  });

describe('the message table', () => {
  it('has a code for every message constant exported by the core, api/ and the HTTP adapter', () => {
    const texts = exportedTexts();
    expect(texts.length).toBeGreaterThan(100);
    const uncoded = texts.filter(({ where, text }) => !NOT_ANSWERS.has(where) && codesOf(text).includes('unlisted')).map(({ where }) => where);
    expect(uncoded).toEqual([]);
  });

  it('gives each fixed text one code: no two codes say the same', () => {
    const texts = Object.values(MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('finds the code of each fixed text by its text', () => {
    for (const code of MESSAGE_CODES) if (!/\{[a-z]+\}/.test(MESSAGES[code])) expect([code, codeOf(MESSAGES[code])]).toEqual([code, code]);
  });

  it.each<[MessageCode, string]>([
    ['account.too_many_sign_ins', tooManySignIns(120)],
    ['account.too_many_password_checks', tooManyPasswordChecks(60)],
    ['account.too_many_sign_ups', tooManySignUps(3600)],
    ['reset.too_many_requests', tooManyResetRequests(600)],
    ['reset.too_many_tries', tooManyResetTries(61)],
    ['library.too_many_links', tooManyLibraryLinks(900)],
    ['checkout.too_many_free_orders', tooManyFreeOrders(300)],
    ['request.too_many', tooManyRequests(1)],
    ['request.too_many', tooManyRequests(30)],
    ['account.username_long', usernameMessage('a'.repeat(200))!],
    ['account.username_letters_digits', usernameMessage('ana maria')!],
    ['reprice.would_give_away', repriceWouldGiveAway('0.01', ['Pulp', 'Crowns'], 7)],
    ['checkout.not_orderable', notOrderable(['Pulp'])],
    ['checkout.not_orderable', notOrderable(['Pulp', 'Crowns', 'Implants', 'Endo'])],
    ['download.cap_reached', capReached(1, 'help@store.example')],
    ['download.cap_reached', capReached(5, 'help@store.example')],
    ['file.zip_unreadable', zipUnreadable('the central directory is missing')],
    ['file.unsupported_extension', unsupportedExtension('notes.docx')],
    ['image.not_an_image', NOT_AN_IMAGE + shown('scan.bmp')],
    ['image.too_big', IMAGE_TOO_BIG + shown('huge.png')],
    ['image.damaged', IMAGE_DAMAGED + shown('cut.jpg')],
    ['image.too_big', IMAGE_TOO_BIG],
    ['request.files_not_here', unknownFileField('attachment')],
    ['text.control_characters', refusedCharacterMessage('Title', { kind: 'control', codePoint: 0 })],
    ['text.broken', refusedCharacterMessage('Title', { kind: 'unpaired-surrogate', codePoint: 0xd800 })],
    ['text.replacement_character', refusedCharacterMessage('Title', { kind: 'replacement', codePoint: 0xfffd })],
    ['text.noncharacter', refusedCharacterMessage('Title', { kind: 'noncharacter', codePoint: 0xfdd0 })],
    ['text.reordering', refusedCharacterMessage('Title', { kind: 'reordering', codePoint: 0x202e })],
    ['request.field_not_text', 'query must be text'],
    ['request.page_out_of_range', 'page must be a whole number from 1 to 1000000'],
    ['request.unknown_field', 'Unrecognized key: "price"'],
    ['request.unknown_form_field', 'Unknown field: role'],
    ['search.too_long', 'Search is limited to 200 characters'],
    ['search.found', '12 results found'],
  ])('matches %s by its template', (code, message) => {
    expect(codeOf(message)).toBe(code);
  });

  it("codes each of the product form's problems", () => {
    const checked = productFieldsOf({ title: '', price: '-1', egpprice: 'abc', category: 'toys', subcategory: ['Nowhere'], covers: ['ftp://x'] } as never);
    expect(isDomainError(checked)).toBe(true);
    const message = isDomainError(checked) ? checked.message : '';
    expect(message.split('\n').length).toBeGreaterThan(2);
    expect(codesOf(message)).not.toContain('unlisted');
  });

  it('codes each broken password rule, in order', () => {
    expect(codesOf(passwordMessage('a b')!)).toEqual(['password.too_short', 'password.needs_uppercase', 'password.needs_digits', 'password.has_spaces']);
    expect(codesOf(passwordMessage('Ab12')!)).toEqual(['password.too_short']);
  });

  it('leaves a text it does not list unlisted, rather than guessing', () => {
    expect(codeOf('PayPal refused the refund (REFUND_FAILED_INSUFFICIENT_FUNDS)')).toBe('unlisted');
  });
});

describe('the failure schema', () => {
  it('requires a code from the table', () => {
    expect(failure.safeParse({ success: false, message: 'Product not found' }).success).toBe(false);
    expect(failure.safeParse({ success: false, message: 'Product not found', code: 'product.missing' }).success).toBe(false);
    expect(failure.safeParse({ success: false, message: 'Product not found', code: 'product.not_found' }).success).toBe(true);
  });
});
