import { screen } from '@testing-library/react';
import { fakeServer, renderApp } from './helpers';

test.each(['/no/such/page', '/Allusers/orders/extra', '/productEditor/new'])(
  '%s shows the 404 page with an image and a Homepage button',
  async (path) => {
    fakeServer({});
    renderApp(path);
    expect(await screen.findByText('Go to Homepage')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /404/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Homepage' })).toHaveAttribute('href', '/');
  },
);
