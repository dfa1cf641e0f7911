import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../hooks/useDocumentMeta';

/** Accounts arrive in a later issue; until then this page says so honestly. */
export default function SignInPage() {
  useDocumentMeta('Sign in');
  return (
    <div className="container page">
      <div className="card card--padded signin">
        <h1>Sign in</h1>
        <p>
          Accounts open soon. You will be able to sign in, keep a cart, buy and download your books and courses here.
        </p>
        <p>Until then you can browse the whole catalogue and search for titles and authors.</p>
        <Link to="/" className="btn">
          Continue browsing
        </Link>
      </div>
    </div>
  );
}
