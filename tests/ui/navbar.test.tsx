import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BOOK_CATEGORIES } from '../../core/catalog/domain/product';
import { fakeServer, pageOf, renderApp } from './helpers';

beforeEach(() => fakeServer({ 'GET /api/backendproduct/getproducts': pageOf([]) }));

const header = () => within(screen.getByRole('banner'));

describe('desktop (1048 px and wider)', () => {
  test('Books dropdown with every book category, Courses, Journals, Contact us', async () => {
    renderApp('/', { width: 1048 });
    await screen.findByText('No products yet');
    const nav = within(header().getByRole('navigation', { name: 'Catalogue' }));
    const books = nav.getByRole('button', { name: 'Books' });
    expect(books).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(books);
    expect(books).toHaveAttribute('aria-expanded', 'true');
    const list = within(nav.getByRole('list', { name: 'Book categories' }));
    expect(list.getAllByRole('link').map((a) => a.textContent)).toEqual([...BOOK_CATEGORIES]);
    expect(list.getByRole('link', { name: 'Endodontics' })).toHaveAttribute('href', '/category/books/Endodontics');
    expect(nav.getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/category/courses');
    expect(nav.getByRole('link', { name: 'Journals' })).toHaveAttribute('href', '/category/journals');
    expect(nav.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contactus');
    await userEvent.keyboard('{Escape}');
    expect(books).toHaveAttribute('aria-expanded', 'false');
  });

  test("signed out: 'Hi. sign in' and a cart badge of 0", async () => {
    renderApp('/', { width: 1280 });
    await screen.findByText('No products yet');
    expect(header().getByRole('button', { name: /Hi\. sign in/ })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(header().getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(header().getByTestId('cart-badge')).toHaveTextContent('0');
    // The chooser is on both bars (issue 20), each language in its own name.
    expect(within(header().getByRole('combobox', { name: 'Language' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'English',
      'Português',
      'Español',
      'العربية',
    ]);
  });
});

describe('mobile (below 1048 px)', () => {
  test('Home button, sign-in link, the cart with its count and the language chooser, which remembers a choice', async () => {
    renderApp('/', { width: 1047 });
    await screen.findByText('No products yet');
    expect(header().getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(header().getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');
    // in the bar itself, not only in the side menu
    expect(header().getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/user/cartPage');
    const language = header().getByRole('combobox', { name: 'Language' });
    expect(within(language).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual([
      'en',
      'pt',
      'es',
      'ar',
    ]);
    expect(language).toHaveValue('en');
    // The choice is remembered for the server, which opens the page at its Arabic address (jsdom
    // does not follow the page load; tests/http and the e2e specs do).
    await userEvent.selectOptions(language, 'ar');
    expect(document.cookie).toContain('lang=ar');
    expect(header().queryByText('Hi. sign in')).not.toBeInTheDocument();
    document.cookie = 'lang=; max-age=0; path=/';
  });

  test("the sign-in link carries the way back in its address, which a tap before the app's start keeps", async () => {
    renderApp('/no/such/page?ref=group', { width: 375 });
    await screen.findByText('Go to Homepage');
    expect(header().getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/user/login?from=${encodeURIComponent('/no/such/page?ref=group')}`);
  });

  test('the side menu lists Cart, a Books submenu, Courses, Journals, Contact us, Account & orders', async () => {
    renderApp('/', { width: 375 });
    await screen.findByText('No products yet');
    await userEvent.click(header().getByRole('button', { name: 'Open menu' }));
    const menu = within(screen.getByRole('dialog', { name: 'Menu' }));
    expect(menu.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    const books = menu.getByRole('button', { name: 'Books' });
    expect(menu.queryByRole('link', { name: 'All books' })).not.toBeInTheDocument();
    await userEvent.click(books);
    expect(menu.getByRole('link', { name: 'All books' })).toHaveAttribute('href', '/category/books');
    expect(menu.getByRole('link', { name: 'Functional Therapy' })).toHaveAttribute(
      'href',
      '/category/books/Functional%20Therapy',
    );
    for (const name of ['Courses', 'Journals', 'Contact us', 'Account & orders'])
      expect(menu.getByRole('link', { name })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(header().getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });
});
