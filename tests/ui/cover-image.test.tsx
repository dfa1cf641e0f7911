import { fireEvent, render, screen } from '@testing-library/react';
import { CoverImage } from '../../ui/src/catalog/CoverImage';
import { aProduct, anId, fakeServer, renderApp } from './helpers';

const NEW = '/uploads/0123456789abcdef01234567-1200x1600.jpg';
const OLDER = '/uploads/0123456789abcdef01234567.png';
const SIZE = (stem: string, width: number, format: string) => `/uploads/${stem}-${width}w.${format} ${width}w`;
const srcSetOf = (stem: string, widths: number[], format: string) => widths.map((width) => SIZE(stem, width, format)).join(', ');

const pictureOf = (img: HTMLElement) => {
  const picture = img.parentElement!;
  expect(picture.tagName).toBe('PICTURE');
  return [...picture.querySelectorAll('source')].map((source) => [source.getAttribute('type'), source.getAttribute('srcset'), source.getAttribute('sizes')]);
};

describe('CoverImage', () => {
  it('renders an uploaded cover as a picture of its sizes: AVIF, then WebP, then the JPEG img with the cover\'s own width and height', () => {
    render(<CoverImage src={NEW} alt="Cover of Implants" />);
    const img = screen.getByRole('img', { name: 'Cover of Implants' });
    const stem = '0123456789abcdef01234567-1200x1600';
    const card = '(min-width: 1000px) 210px, (min-width: 640px) 30vw, 45vw';
    expect(pictureOf(img)).toEqual([
      ['image/avif', srcSetOf(stem, [210, 340, 440, 680], 'avif'), card],
      ['image/webp', srcSetOf(stem, [210, 340, 440, 680], 'webp'), card],
    ]);
    expect(img).toHaveAttribute('src', NEW);
    expect(img).toHaveAttribute('srcset', srcSetOf(stem, [210, 340, 440, 680], 'jpg'));
    expect(img).toHaveAttribute('sizes', card);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '1600']);
    // A card is lazy unless it is above the fold, and never asks to come first.
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('fetches the product page\'s cover first, at the page\'s widths', () => {
    render(<CoverImage src={NEW} alt="Cover of Implants" eager shownAs="page" />);
    const img = screen.getByRole('img', { name: 'Cover of Implants' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('sizes', '(min-width: 768px) 340px, 220px');
    expect(pictureOf(img).map(([, , sizes]) => sizes)).toEqual(['(min-width: 768px) 340px, 220px', '(min-width: 768px) 340px, 220px']);
  });

  it('offers a small cover only the widths it has, never enlarged', () => {
    render(<CoverImage src="/uploads/0123456789abcdef01234567-300x450.png" alt="Small" />);
    const img = screen.getByRole('img', { name: 'Small' });
    expect(img).toHaveAttribute('srcset', srcSetOf('0123456789abcdef01234567-300x450', [210, 300], 'jpg'));
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['300', '450']);
  });

  it('gives an older upload every width (made on first request) and the 3:4 box\'s proportions', () => {
    render(<CoverImage src={OLDER} alt="Older" shownAs="thumb" />);
    const img = screen.getByRole('img', { name: 'Older' });
    expect(img).toHaveAttribute('srcset', srcSetOf('0123456789abcdef01234567', [210, 340, 440, 680], 'jpg'));
    expect(img).toHaveAttribute('sizes', '72px');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['680', '907']);
  });

  it('shows a demo cover or a web address as it is, in a plain img with the box\'s proportions', () => {
    for (const src of ['/covers/64d0c0de0000000000000001.svg', 'https://images.example.com/cover.jpg']) {
      const { unmount } = render(<CoverImage src={src} alt="Plain" />);
      const img = screen.getByRole('img', { name: 'Plain' });
      expect(img.parentElement!.tagName).toBe('DIV');
      expect([img.getAttribute('src'), img.getAttribute('srcset'), img.getAttribute('sizes')]).toEqual([src, null, null]);
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['300', '400']);
      unmount();
    }
  });

  it('hides a cover that fails to load, picture and all, leaving the placeholder', () => {
    const { container } = render(<CoverImage src={NEW} alt="Broken" />);
    fireEvent.error(screen.getByRole('img', { name: 'Broken' }));
    expect(screen.queryByRole('img', { name: 'Broken' })).not.toBeInTheDocument();
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('.cover')).toBeInTheDocument();
  });
});

test('the product page shows its uploaded cover from its sizes, fetched first', async () => {
  const id = anId(0xc0);
  fakeServer({
    [`GET /api/backendproduct/details/${id}`]: { body: { success: true, productDetails: aProduct({ _id: id, title: 'Implants', covers: [NEW] }) } },
    'GET /api/backendproduct/related': { body: { success: true, data: { relatedProducts: [] } } },
    'GET /api/backendproduct/recommended': { body: { success: true, data: { allProducts: [] }, totalPages: 1 } },
  });
  renderApp(`/product/${id}`);
  const cover = await screen.findByRole('img', { name: 'Cover of Implants' });
  expect(cover).toHaveAttribute('fetchpriority', 'high');
  expect(cover).toHaveAttribute('srcset', expect.stringContaining('-680w.jpg 680w'));
  expect(cover).toHaveAttribute('sizes', '(min-width: 768px) 340px, 220px');
});
