import { screen, waitFor, within } from '@testing-library/react';
import { fakeServer, pageOf, renderApp } from './helpers';

const footer = () => within(screen.getByRole('contentinfo'));

function setSupportMeta(content: string | null) {
  document.querySelector('meta[name="store-support-email"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'store-support-email';
  meta.content = content;
  document.head.appendChild(meta);
}

afterEach(() => setSupportMeta(null));

test('brand, tagline, links and the current year', async () => {
  fakeServer({ 'GET /api/backendproduct/getproducts': pageOf([]) });
  renderApp('/');
  await screen.findByText('No products yet');
  expect(footer().getByText('Dental Library')).toBeInTheDocument();
  expect(footer().getByText('Your Gateway to Knowledge')).toBeInTheDocument();
  expect(footer().getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/aboutus');
  expect(footer().getByRole('link', { name: 'Policies' })).toHaveAttribute('href', '/policies');
  expect(footer().getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms-and-conditions');
  expect(footer().getByText(new RegExp(`© ${new Date().getFullYear()} Dental Library`))).toBeInTheDocument();
});

test('in Egypt it shows the location and the injected support address', async () => {
  setSupportMeta('help@dental.example');
  fakeServer({ 'GET /api/getip': { body: { country: 'Egypt' } }, 'GET /api/backendproduct/getproducts': pageOf([]) });
  renderApp('/');
  expect(await footer().findByText('Egypt')).toBeInTheDocument();
  expect(footer().getByRole('link', { name: 'help@dental.example' })).toHaveAttribute('href', 'mailto:help@dental.example');
  await screen.findByText('No products yet');
});

test('with the placeholder still in the page it falls back to the default address', async () => {
  setSupportMeta('%STORE_SUPPORT_EMAIL%');
  fakeServer({ 'GET /api/getip': { body: { country: 'Egypt' } }, 'GET /api/backendproduct/getproducts': pageOf([]) });
  renderApp('/');
  expect(await footer().findByRole('link', { name: 'support@dental-library.example' })).toBeInTheDocument();
  await screen.findByText('No products yet');
});

test('elsewhere, and while the location is still loading, there is no location or support line', async () => {
  let answer: (v: { body: unknown }) => void = () => undefined;
  const server = fakeServer({
    'GET /api/getip': () => new Promise((resolve) => (answer = resolve)),
    'GET /api/backendproduct/getproducts': pageOf([]),
  });
  renderApp('/');
  expect(footer().queryByText('Egypt')).not.toBeInTheDocument();
  answer({ body: { country: 'France' } });
  await screen.findByText('No products yet');
  // the visit is tracked only once the location is resolved
  await waitFor(() => expect(server.bodies('/api/getip')).toContainEqual({ page: '/' }));
  expect(footer().queryByText('Egypt')).not.toBeInTheDocument();
  expect(footer().queryByText(/@/)).not.toBeInTheDocument();
});
