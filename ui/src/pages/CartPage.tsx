import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import {
  checkoutFormProblems,
  PAYMENT_METHODS,
  PAYPAL_NEEDS_DETAILS,
  type CheckoutProblems,
  type PaymentMethod,
} from '../../../core/cart/domain/checkout-form';
import { currencyOf } from '../../../core/catalog/domain/pricing';
import { formatMoney, sum } from '../../../core/shared/money';
import type { PublicProduct as Product } from '../../../api/catalog';
import { priceShown } from '../catalog/prices';
import { accountApi, ApiError } from '../api/client';
import { useSession } from '../auth/AuthContext';
import { CART_PAGE_ITEMS, CART_UPDATED, fire } from '../auth/events';
import { fromHere, SIGN_IN_PATH } from '../auth/origin';
import { CoverImage } from '../catalog/CoverImage';
import { Price } from '../catalog/Price';
import { Alert } from '../design/Alert';
import { Field } from '../design/Field';
import { Skeleton } from '../design/Skeleton';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { MESSAGE_MS, useFlash } from '../hooks/useFlash';
import { useCurrency } from '../location/CurrencyContext';
import '../account/account.css';

export const CART_LOAD_FAILED = 'Failed to load cart details. Please try refreshing the page.';
export const REMOVE_FAILED = 'Failed to remove item from cart';
export const PAYMENT_NEXT_RELEASE =
  'Online payment opens in the next release of the store. Nothing has been charged, and your cart is kept for you.';

const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  Dpaypal: 'PayPal (wallet and credit cards)',
  DPaymob: 'Credit card (Paymob)',
};

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; products: Product[] } | { status: 'signedOut' };

function CartTotals({ products }: { products: Product[] }) {
  const { region, loading } = useCurrency();
  const total = sum(products.map((p) => priceShown(p, region)), currencyOf(region));
  return (
    <dl className="cart-totals">
      <div>
        <dt>Items</dt>
        <dd>{products.length}</dd>
      </div>
      <div className="cart-totals__total">
        <dt>Total</dt>
        <dd data-testid="cart-total">{loading ? <Skeleton style={{ width: '5em', height: '1em' }} /> : formatMoney(total)}</dd>
      </div>
    </dl>
  );
}

function CheckoutForm() {
  const [form, setForm] = useState({ name: '', email: '', paymentmethod: '' });
  const [problems, setProblems] = useState<CheckoutProblems>({});
  const [submitted, setSubmitted] = useState(false);
  const groupId = useId();
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setSubmitted(false);
  };
  const paypalWaiting = form.paymentmethod === 'Dpaypal' && (!form.name.trim() || !form.email.trim());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkoutFormProblems(form);
    setProblems(found);
    setSubmitted(Object.keys(found).length === 0);
  };

  return (
    <form className="card card--padded checkout-form" onSubmit={submit} noValidate aria-labelledby={`${groupId}-title`}>
      <h2 id={`${groupId}-title`} className="checkout-form__title">
        Checkout
      </h2>
      <Field label="Name" name="name" autoComplete="name" value={form.name} onChange={set('name')} error={problems.name} />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        hint="Your receipt and download details go to this address."
        value={form.email}
        onChange={set('email')}
        error={problems.email}
      />
      <fieldset className="payment-methods" aria-describedby={problems.paymentmethod ? `${groupId}-method-error` : undefined}>
        <legend className="field__label">Payment method</legend>
        {PAYMENT_METHODS.map((method) => (
          <label key={method} className="payment-method">
            <input
              type="radio"
              name="paymentmethod"
              value={method}
              checked={form.paymentmethod === method}
              onChange={set('paymentmethod')}
            />
            <span>{PAYMENT_LABELS[method]}</span>
          </label>
        ))}
        {problems.paymentmethod ? (
          <span id={`${groupId}-method-error`} className="field__error" role="alert">
            {problems.paymentmethod}
          </span>
        ) : null}
      </fieldset>
      {paypalWaiting ? (
        <Alert tone="warning">
          <p>{PAYPAL_NEEDS_DETAILS}</p>
        </Alert>
      ) : null}
      {submitted ? (
        <Alert tone="info">
          <p>{PAYMENT_NEXT_RELEASE}</p>
        </Alert>
      ) : null}
      <button type="submit" className="btn btn--accent btn--block btn--lg">
        Proceed to payment
      </button>
    </form>
  );
}

/** /user/cartPage: the signed-in user's items, the totals in the visitor's currency and the checkout form. */
export default function CartPage() {
  useDocumentMeta('Your cart');
  const session = useSession();
  const location = useLocation();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [removing, setRemoving] = useState<string | null>(null);
  const failure = useFlash<string>();

  useEffect(() => {
    let current = true;
    accountApi.cart().then(
      (products) => {
        if (!current) return;
        setLoad({ status: 'ready', products });
        fire(CART_PAGE_ITEMS);
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401) {
          void session.refresh();
          setLoad({ status: 'signedOut' });
        } else setLoad({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
    // loads once per visit of the page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const remove = async (product: Product) => {
    setRemoving(product._id);
    try {
      await accountApi.removeFromCart(product._id);
      setLoad((l) => (l.status === 'ready' ? { status: 'ready', products: l.products.filter((p) => p._id !== product._id) } : l));
      fire(CART_UPDATED);
    } catch {
      failure.show(REMOVE_FAILED, MESSAGE_MS.error);
    } finally {
      setRemoving(null);
    }
  };

  if (load.status === 'signedOut') return <Navigate to={SIGN_IN_PATH} replace state={fromHere(location)} />;

  return (
    <div className="container page cart-page">
      <div className="page-header">
        <h1>Your cart</h1>
      </div>
      {load.status === 'loading' ? (
        <div role="status" aria-live="polite" className="cart-layout">
          <span className="visually-hidden">Loading your cart…</span>
          <div className="cart-items" aria-hidden="true">
            {[0, 1].map((i) => (
              <Skeleton key={i} style={{ height: '7rem', borderRadius: '16px', marginBottom: '1rem' }} />
            ))}
          </div>
        </div>
      ) : load.status === 'error' ? (
        <Alert tone="error">
          <p>{CART_LOAD_FAILED}</p>
        </Alert>
      ) : load.products.length === 0 ? (
        <div className="state card card--padded">
          <h2 className="state__title">Your cart is empty</h2>
          <p>Add some items to your cart to continue shopping.</p>
          <Link to="/" className="btn">
            Browse the catalogue
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <section aria-labelledby="cart-items-title" className="cart-items">
            <h2 id="cart-items-title" className="visually-hidden">
              Items
            </h2>
            {failure.value ? (
              <Alert tone="error">
                <p>{failure.value}</p>
              </Alert>
            ) : null}
            <ul className="cart-list" aria-label="Items in your cart">
              {load.products.map((p) => (
                <li key={p._id} className="cart-item card">
                  <Link to={`/product/${p._id}`} className="cart-item__cover" tabIndex={-1} aria-hidden="true">
                    <CoverImage src={p.smallCover[0] ?? p.covers[0]} alt="" />
                  </Link>
                  <div className="cart-item__body">
                    <h3 className="cart-item__title">
                      <Link to={`/product/${p._id}`}>{p.title}</Link>
                    </h3>
                    <p className="cart-item__price">
                      <Price product={p} />
                    </p>
                  </div>
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm cart-item__remove"
                    onClick={() => void remove(p)}
                    disabled={removing === p._id}
                    aria-label={`Remove ${p.title}`}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          </section>
          <aside className="cart-summary" aria-label="Order summary">
            <div className="card card--padded">
              <h2 className="cart-summary__title">Order summary</h2>
              <CartTotals products={load.products} />
            </div>
            <CheckoutForm />
          </aside>
        </div>
      )}
    </div>
  );
}
