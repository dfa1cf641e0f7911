import { Link } from 'react-router-dom';

/** The product page's and the checkout's answer to an id the catalogue does not hold. */
export function ProductNotFound({ heading: Heading = 'h1' }: { heading?: 'h1' | 'h2' }) {
  return (
    <div className="state">
      <Heading className="state__title">Product not found</Heading>
      <p>The requested product could not be found.</p>
      <Link to="/" className="btn">
        Back to the catalogue
      </Link>
    </div>
  );
}
