import { act, screen, within } from '@testing-library/react';
import { i18n } from '../../ui/src/i18n/i18n';
import { titleIn, descriptionIn } from '../../ui/src/catalog/localized';
import { aProduct, anId, fakeServer, renderApp } from './helpers';

const ID = anId(0xa7b);
const crowns = aProduct({ _id: ID, title: 'Fixed Prosthodontics', description: 'A practical guide.', arabicTitle: 'التركيبات الثابتة', arabicDescription: 'دليل عملي لطلبة طب الأسنان.' });
const english = aProduct({ title: 'Oral Surgery Handbook', description: 'English only.' });

const serve = () =>
  fakeServer({
    [`GET /api/backendproduct/details/${ID}`]: { body: { success: true, productDetails: crowns } },
    'GET /api/backendproduct/related': { body: { success: true, data: { relatedProducts: [] } } },
    'GET /api/backendproduct/recommended': { body: { success: true, data: { allProducts: [] }, totalPages: 1 } },
  });

// The page's language is the translation layer's, on the server as in the browser.
const inArabic = () => act(() => i18n.changeLanguage('ar'));
afterEach(() => act(() => i18n.changeLanguage('en')));

describe('which text a page shows', () => {
  it('the Arabic on a page in Arabic, right to left; the English otherwise, in its own direction', () => {
    expect(titleIn(crowns, 'ar')).toEqual({ text: 'التركيبات الثابتة', lang: 'ar', dir: 'rtl' });
    expect(descriptionIn(crowns, 'ar')).toEqual({ text: 'دليل عملي لطلبة طب الأسنان.', lang: 'ar', dir: 'rtl' });
    expect(titleIn(crowns, 'en')).toEqual({ text: 'Fixed Prosthodontics', dir: 'auto' });
    expect(titleIn(english, 'ar')).toEqual({ text: 'Oral Surgery Handbook', dir: 'auto' });
    expect(descriptionIn({ ...crowns, arabicDescription: undefined }, 'ar')).toEqual({ text: 'A practical guide.', dir: 'auto' });
  });
});

test('the product page in Arabic shows the Arabic title and description, marked Arabic and right to left', async () => {
  await inArabic();
  serve();
  renderApp(`/product/${ID}`);
  const title = await screen.findByRole('heading', { level: 1, name: 'التركيبات الثابتة' });
  expect(title).toHaveAttribute('lang', 'ar');
  expect(title).toHaveAttribute('dir', 'rtl');
  const description = screen.getByTestId('description');
  expect(description).toHaveTextContent('دليل عملي لطلبة طب الأسنان.');
  expect(description).toHaveAttribute('dir', 'rtl');
});

test('the product page in English shows the English title, in its own direction', async () => {
  serve();
  renderApp(`/product/${ID}`);
  const title = await screen.findByRole('heading', { level: 1, name: 'Fixed Prosthodontics' });
  expect(title).toHaveAttribute('dir', 'auto');
  expect(title).not.toHaveAttribute('lang');
  expect(screen.getByTestId('description')).toHaveTextContent('A practical guide.');
});

test('search results in Arabic show Arabic titles, and the English title where there is none', async () => {
  await inArabic();
  fakeServer({});
  renderApp('/search-page', { state: { results: [crowns, english], query: 'تركيبات', totalResults: 2 } });
  const list = await screen.findByRole('list', { name: i18n.t('search.results') });
  expect(within(list).getByRole('heading', { name: 'التركيبات الثابتة' })).toHaveAttribute('dir', 'rtl');
  expect(within(list).getByRole('heading', { name: 'Oral Surgery Handbook' })).toHaveAttribute('dir', 'auto');
  expect(within(list).getByRole('img', { name: i18n.t('product.coverOf', { title: 'التركيبات الثابتة' }) })).toBeInTheDocument();
});
