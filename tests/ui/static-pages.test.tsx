import { act, render, screen, within } from '@testing-library/react';
import { Dialog } from '../../ui/src/design/Dialog';
import { i18n } from '../../ui/src/i18n/i18n';
import { fakeServer, renderApp } from './helpers';

/**
 * The information pages and the shared design parts speak through the 'pages' catalogue: English
 * word for word as before (the spec's texts), and the whole page in the visitor's language.
 */
const inLanguage = async (language: string) => {
  await act(() => i18n.changeLanguage(language));
};
afterEach(() => inLanguage('en'));

const main = () => within(screen.getByRole('main'));

test.each([
  ['/aboutus', 'About Us', 'Dental Library offers high-quality PDF books and online courses for dentists and dental students.'],
  ['/policies', 'Policies', 'All our products are digital goods.'],
  ['/terms-and-conditions', 'Terms & Conditions', 'Digital products bought from Dental Library are for your personal use only.'],
  ['/contactus', 'Contact us', 'Questions about a book, a course or an order? We are happy to help.'],
])('%s reads in English as before, its title in the tab', async (path, heading, text) => {
  fakeServer({});
  renderApp(path);
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  expect(main().getByText(text, { exact: false })).toBeInTheDocument();
  expect(document.title).toBe(`${heading} | Dental Library`);
  expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
});

test('the about page links the books and the contact page inside its sentence', async () => {
  fakeServer({});
  renderApp('/aboutus');
  const sentence = (await screen.findByText(/if you are looking for something in particular/)).closest('p')!;
  expect(sentence).toHaveTextContent('Browse the books or contact us if you are looking for something in particular.');
  expect(within(sentence).getByRole('link', { name: 'Browse the books' })).toHaveAttribute('href', '/category/books');
  expect(within(sentence).getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contactus');
});

test('in Arabic the policies are Arabic, headings, text and the tab title', async () => {
  fakeServer({});
  await inLanguage('ar');
  renderApp('/policies');
  expect(await screen.findByRole('heading', { level: 1, name: 'السياسات' })).toBeInTheDocument();
  for (const heading of ['سياسة الاسترداد', 'سياسة الشحن', 'سياسة الخصوصية']) expect(main().getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
  expect(main().getByText(/خلال 24 ساعة من الشراء/)).toBeInTheDocument();
  expect(document.title).toBe('السياسات | Dental Library');
  expect(within(screen.getByRole('navigation', { name: 'مسار التنقل' })).getByRole('link', { name: 'الرئيسية' })).toBeInTheDocument();
});

test('in Arabic the contact page keeps the support address a left-to-right link inside the sentence', async () => {
  fakeServer({});
  await inLanguage('ar');
  renderApp('/contactus');
  expect(await screen.findByRole('heading', { level: 1, name: 'اتصل بنا' })).toBeInTheDocument();
  const address = main().getByRole('link', { name: 'support@dental-library.example' });
  expect(address).toHaveAttribute('href', 'mailto:support@dental-library.example');
  expect(address).toHaveAttribute('dir', 'ltr');
  expect(address.closest('p')).toHaveTextContent('راسل فريق الدعم على support@dental-library.example وسنرد عليك خلال 24 ساعة.');
});

test('the home page title carries the tagline in the page\'s language', async () => {
  fakeServer({});
  renderApp('/');
  await screen.findByRole('main');
  expect(document.title).toBe('Dental Library – Your Gateway to Knowledge');
  await inLanguage('pt');
  expect(document.title).toBe('Dental Library – Sua porta de entrada para o conhecimento');
});

test.each([
  ['en', 'Close'],
  ['ar', 'إغلاق'],
  ['es', 'Cerrar'],
])('a dialog\'s close button is named in %s', async (language, name) => {
  await inLanguage(language);
  render(
    <Dialog title="Sign in" onClose={() => undefined}>
      <p>…</p>
    </Dialog>,
  );
  expect(await screen.findByRole('button', { name })).toHaveFocus();
});
