import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, accountApi, api } from '../../ui/src/api/client';
import { i18n } from '../../ui/src/i18n/i18n';
import { partsOf } from '../../ui/src/i18n/message-lines';
import { withCode } from '../support/codes';
import { fakeServer, renderApp } from './helpers';

/**
 * The server's messages in the page's language (issue 20): the client reads each answer's message
 * by its code and shows the translation, the variable parts carried over from the English text.
 */
const failure = (promise: Promise<unknown>): Promise<ApiError> =>
  promise.then(
    () => Promise.reject(new Error('the call succeeded')),
    (error: unknown) => (error instanceof ApiError ? error : Promise.reject(error)),
  );

const refused = (message: string, status = 400) => ({ status, body: { success: false, ...withCode(message) } });

describe('on an Arabic page', () => {
  beforeEach(() => i18n.changeLanguage('ar'));
  // in act: a screen still on the page re-renders in English
  afterEach(() => act(() => i18n.changeLanguage('en')));

  test("a read's message is translated too, its catalogue fetched once the answer says something", async () => {
    fakeServer({ 'GET /api/backendproduct/details/64d0c0de0000000000000999': refused('Product not found', 404) });
    const error = await failure(api.product('64d0c0de0000000000000999'));
    expect(error.message).toBe('المنتج غير موجود');
    expect(error.code).toBe('product.not_found');
  });

  test("a failed call's message is the Arabic text of its code", async () => {
    fakeServer({ 'POST /api/user/login': refused('Email/Username or password is wrong', 401) });
    const error = await failure(accountApi.signIn('amira', 'Secret12'));
    expect(error.message).toBe('البريد الإلكتروني/اسم المستخدم أو كلمة المرور غير صحيحة');
    expect(error.code).toBe('account.wrong_credentials');
    expect(error.fromServer).toBe(true);
  });

  test("a template's variable part is carried into the translation", async () => {
    fakeServer({ 'POST /api/user/login': refused('Unrecognized key: remember') });
    expect((await failure(accountApi.signIn('amira', 'Secret12'))).message).toBe('حقل غير معروف: remember');
  });

  test('a wait the server says in English words is said in Arabic, with its plural', async () => {
    fakeServer({ 'POST /api/user/login': refused('Too many failed sign-ins. Please try again in 15 minutes.', 429) });
    expect((await failure(accountApi.signIn('amira', 'Secret12'))).message).toBe('محاولات دخول فاشلة كثيرة. يُرجى المحاولة مرة أخرى بعد 15 دقيقة.');
  });

  test('a message of several lines is translated line by line', async () => {
    fakeServer({
      'POST /api/user/signup': refused('Password should be at least 6 characters\nPassword should have at least 2 digits'),
    });
    const error = await failure(accountApi.signUp({ username: 'amira', email: 'amira@example.com', password: 'abc', repeatpassword: 'abc' }));
    expect(error.message).toBe('يجب ألا تقل كلمة المرور عن 6 أحرف\nيجب أن تحتوي كلمة المرور على رقمين على الأقل');
    expect(error.codes).toEqual(['password.too_short', 'password.needs_digits']);
  });

  test("a success's message is translated too, a count in its plural form", async () => {
    fakeServer({ 'POST /api/search': { body: { success: true, ...withCode('3 results found'), results: [], count: 3 } } });
    expect((await api.search('تقويم', 1, 20)).message).toBe('تم العثور على 3 نتائج');
  });

  test("a message the table does not list ('unlisted') stays as the server wrote it", async () => {
    fakeServer({ 'POST /api/user/login': refused('INSTRUMENT_DECLINED by the bank') });
    const error = await failure(accountApi.signIn('amira', 'Secret12'));
    expect(error.code).toBe('unlisted');
    expect(error.message).toBe('INSTRUMENT_DECLINED by the bank');
  });

  test('the sign-in page shows the refusal in Arabic', async () => {
    fakeServer({ 'POST /api/user/login': refused('Email/Username or password is wrong', 401) });
    const { container } = renderApp('/user/login');
    const user = userEvent.setup();
    // found by their names, not their labels: the form's own texts are being translated too
    await screen.findAllByRole('form');
    const signIn = container.querySelector('input[autocomplete="current-password"]')!.closest('form')!;
    await user.type(signIn.querySelector<HTMLInputElement>('input[name="username"]')!, 'amira');
    await user.type(signIn.querySelector<HTMLInputElement>('input[name="password"]')!, 'Secret12{Enter}');
    expect(await screen.findByText('البريد الإلكتروني/اسم المستخدم أو كلمة المرور غير صحيحة')).toBeInTheDocument();
  });
});

describe('on an English page', () => {
  test("the message is the server's text exactly", async () => {
    fakeServer({ 'POST /api/user/login': refused('Too many failed sign-ins. Please try again in 15 minutes.', 429) });
    expect((await failure(accountApi.signIn('amira', 'Secret12'))).message).toBe('Too many failed sign-ins. Please try again in 15 minutes.');
  });
});

test("a line's variable parts are read against its code's English template", () => {
  expect(partsOf('product.field_too_long', 'Title must be at most 200 characters')).toEqual({ field: 'Title', max: '200' });
  expect(partsOf('account.signed_in', 'Signed in successfully')).toEqual({});
  expect(partsOf('product.field_too_long', 'Signed in successfully')).toBeUndefined();
});
