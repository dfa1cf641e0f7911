import { useTranslation } from '../i18n/use-translation';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { accountApi, ApiError } from '../api/client';
import { useSession } from '../auth/AuthContext';
import { CART_UPDATED, fire } from '../auth/events';
import { fromHere, SIGN_IN_PATH } from '../auth/origin';
import { Alert } from '../design/Alert';
import { MESSAGE_MS, useFlash } from '../hooks/useFlash';

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * Add to cart / Remove from cart and Buy now (which opens /checkout/:id) on the product page (spec 4,
 * cart membership). A signed-out visitor is sent to sign in and comes back afterwards.
 */
export function CartButtons({ productId }: { productId: string }) {
  const session = useSession();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [inCart, setInCart] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const notice = useFlash<Notice>();
  const signedInAs = session.status === 'signedIn' ? session.user?.username : undefined;

  useEffect(() => {
    setInCart(null);
    if (!signedInAs) return;
    let current = true;
    accountApi.inCart(productId).then(
      (yes) => current && setInCart(yes),
      () => current && setInCart(false),
    );
    return () => {
      current = false;
    };
  }, [productId, signedInAs]);

  const toSignIn = () => navigate(SIGN_IN_PATH, { state: fromHere(location) });
  /** A lapsed session goes to sign-in; removal failures say so plainly; add failures give the server's reason. */
  const failed = (error: unknown, removing: boolean) => {
    if (error instanceof ApiError && error.status === 401) {
      void session.refresh();
      toSignIn();
      return;
    }
    const text = removing ? t('cart.removeFailed') : error instanceof ApiError && error.fromServer ? error.message : t('cart.addFailed');
    notice.show({ tone: 'error', text }, MESSAGE_MS.error);
  };

  const toggle = async () => {
    if (!signedInAs) return toSignIn();
    setBusy(true);
    try {
      if (inCart) {
        await accountApi.removeFromCart(productId);
        setInCart(false);
        notice.clear();
      } else {
        await accountApi.addToCart(productId);
        setInCart(true);
        notice.show({ tone: 'success', text: t('cart.added') }, MESSAGE_MS.addedToCart);
      }
      fire(CART_UPDATED);
    } catch (error) {
      failed(error, inCart === true);
    } finally {
      setBusy(false);
    }
  };

  // the checkout route's guard sends a signed-out visitor to sign in and back to the checkout
  const buyNow = () => navigate(`/checkout/${encodeURIComponent(productId)}`);

  const checking = session.status === 'checking' || (signedInAs !== undefined && inCart === null);
  return (
    <>
      <div className="product__actions">
        <button
          type="button"
          className={`btn btn--lg ${inCart ? 'btn--secondary' : 'btn--accent'}`}
          onClick={() => void toggle()}
          disabled={busy || checking}
        >
          {inCart ? t('cart.remove') : t('cart.add')}
        </button>
        <button type="button" className="btn btn--secondary btn--lg" onClick={buyNow} disabled={busy || checking}>
          {t('cart.buyNow')}
        </button>
      </div>
      {notice.value ? (
        <div className="product__notice">
          <Alert tone={notice.value.tone}>
            <p>{notice.value.text}</p>
          </Alert>
        </div>
      ) : null}
    </>
  );
}
