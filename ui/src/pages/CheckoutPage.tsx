import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useParams } from 'react-router-dom';
import type { PublicProduct as Product } from '../../../api/catalog';
import { checkoutApi, guestCheckoutApi } from '../api/checkout';
import { ApiError } from '../api/client';
import { useSession } from '../auth/AuthContext';
import { CoverImage } from '../catalog/CoverImage';
import { ProductNotFound } from '../catalog/ProductNotFound';
import { Price } from '../catalog/Price';
import { isFreeProduct } from '../catalog/prices';
import { GuestOrSignIn } from '../checkout/GuestOrSignIn';
import { PaymentStep } from '../checkout/PaymentStep';
import { Alert } from '../design/Alert';
import { isMobileWidth } from '../design/layout';
import { Skeleton } from '../design/Skeleton';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { useRemote } from '../hooks/useRemote';
import { useViewportWidth } from '../hooks/useViewportWidth';
import { usePageLanguage, titleIn } from '../catalog/localized';
import { productHref } from '../layout/links';
import '../checkout/checkout.css';

function OrderDetails({ product }: { product: Product }) {
  const { t } = useTranslation('checkout');
  const title = titleIn(product, usePageLanguage());
  return (
    <section className="card card--padded" aria-labelledby="order-details-title">
      <h2 id="order-details-title" className="checkout-form__title">
        {t('details.title')}
      </h2>
      <div className="checkout-details">
        <CoverImage src={product.covers[0] ?? product.smallCover[0]} alt={t('details.coverOf', { title: title.text })} />
        <div>
          <h3 className="checkout-details__title" dir={title.dir} lang={title.lang}>
            <Link to={productHref(product._id)}>{title.text}</Link>
          </h3>
          <p className="checkout-details__price">
            <span className="visually-hidden">{t('details.price')} </span>
            <Price product={product} />
          </p>
          <p className="checkout-details__note">{t('details.delivery')}</p>
        </div>
      </div>
    </section>
  );
}

/**
 * /checkout/:id: one product's details, the buyer's name and e-mail, and its payment; signed in, or
 * as a guest (`guest`, DECISIONS 25) through the guest's own calls.
 */
export default function CheckoutPage({ guest = false }: { guest?: boolean }) {
  const { id = '' } = useParams();
  const { refresh } = useSession();
  const mobile = useViewportWidth(isMobileWidth);
  const remote = useRemote(`checkout:${id}`, () => checkoutApi.product(id));
  const error = remote.status === 'error' && remote.error instanceof ApiError ? remote.error : null;
  const { t } = useTranslation('checkout');
  useDocumentMeta(t('title'));

  // a session that ended meanwhile: the guard takes the buyer to sign in once the check says so
  useEffect(() => {
    if (error?.status === 401 && !guest) void refresh();
  }, [error, refresh, guest]);

  let body;
  if (remote.status === 'loading') {
    body = (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">{t('details.loading')}</span>
        <Skeleton style={{ height: '10rem', borderRadius: '16px' }} />
      </div>
    );
  } else if (remote.status === 'error') {
    body =
      error?.status === 404 ? (
        <ProductNotFound heading="h2" />
      ) : (
        <Alert tone="error">
          <p>{t('details.loadFailed')}</p>
        </Alert>
      );
  } else {
    body = (
      <div className={`checkout-layout checkout-layout--${mobile ? 'mobile' : 'desktop'}`} data-layout={mobile ? 'mobile' : 'desktop'}>
        <OrderDetails product={remote.data} />
        <PaymentStep
          productId={remote.data._id}
          free={isFreeProduct(remote.data)}
          products={[remote.data]}
          title={t('details.yourDetails')}
          {...(guest ? { api: guestCheckoutApi, guest: true } : {})}
        />
      </div>
    );
  }

  return (
    <div className="container page checkout-page">
      <div className="page-header">
        <h1>{t('title')}</h1>
      </div>
      {body}
    </div>
  );
}

/** The checkout's route: its guard and the checkout, in one chunk that only a buyer loads. */
export function CheckoutRoute() {
  return <GuestOrSignIn signedIn={<CheckoutPage />} asGuest={<CheckoutPage guest />} />;
}
