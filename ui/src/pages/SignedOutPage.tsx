import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import '../account/account.css';

/** /signout/success: shown after sign-out. */
export default function SignedOutPage() {
  useDocumentMeta('Signed out');
  return (
    <div className="container page">
      <div className="state card card--padded signed-out">
        <h1 className="state__title">You are signed out</h1>
        <p>Thanks for visiting. Your cart and your orders are kept for your next visit.</p>
        <Link to="/" className="btn">
          Go to Homepage
        </Link>
      </div>
    </div>
  );
}
