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
    expect(header().queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
  });
});

describe('mobile (below 1048 px)', () => {
  test('Home button, sign-in link, the cart with its count and a display-only language chooser', async () => {
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
    await userEvent.selectOptions(language, 'ar');
    expect(language).toHaveValue('ar');
    expect(header().queryByText('Hi. sign in')).not.toBeInTheDocument();
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
