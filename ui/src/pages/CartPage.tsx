import { useEffect, useState } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../i18n/use-translation';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { currencyOf } from '../../../core/catalog/domain/pricing';
import { isFree, sum } from '../../../core/shared/money';
import type { PublicProduct as Product } from '../../../api/catalog';
import { isFreeProduct, priceShown } from '../catalog/prices';
import { accountApi, ApiError } from '../api/client';
import { useSession } from '../auth/AuthContext';
import { CART_PAGE_ITEMS, CART_UPDATED, fire } from '../auth/events';
import { fromHere, SIGN_IN_PATH } from '../auth/origin';
import { CoverImage } from '../catalog/CoverImage';
import { usePageLanguage, titleIn } from '../catalog/localized';
import { Price } from '../catalog/Price';
import { chargesByCurrency } from '../checkout/charge';
import { providerLabelIn, SPEC_CHOICES } from '../checkout/choices';
import { PaymentStep } from '../checkout/PaymentStep';
import { usePaymentSettings, type SettingsLoad } from '../checkout/usePaymentSettings';
import { Alert } from '../design/Alert';
import { Skeleton } from '../design/Skeleton';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { MESSAGE_MS, useFlash } from '../hooks/useFlash';
import { useCurrency } from '../location/CurrencyContext';
import { useFormat } from '../i18n/format';
import { productHref } from '../layout/links';
import '../account/account.css';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; products: Product[] } | { status: 'signedOut' };

/** The providers that charge, and in which currency: the registered ones, or the spec's two until they are known. */
const chargersOf = (settings: SettingsLoad) =>
  settings.status === 'ready' ? settings.settings.providers : SPEC_CHOICES.map((c) => ({ name: c.provider, label: c.providerLabel, currency: c.currency }));

/** The total as the visitor sees it, then what each currency's providers will charge for it (DECISIONS 24). */
function CartTotals({ products, settings }: { products: Product[]; settings: SettingsLoad }) {
  const { region, loading } = useCurrency();
  const total = sum(products.map((p) => priceShown(p, region)), currencyOf(region));
  const { t } = useTranslation('account');
  const { t: checkoutT } = useTranslation('checkout');
  const chargers = chargersOf(settings).map((p) => ({ label: providerLabelIn(checkoutT, p.name, p.label), currency: p.currency }));
  const charges = chargesByCurrency(products, chargers, currencyOf(region)).filter((c) => !isFree(c.total));
  const format = useFormat();
  return (
    <dl className="cart-totals">
      <div>
        <dt>{t('cart.items')}</dt>
        <dd>{format.number(products.length)}</dd>
      </div>
      <div className="cart-totals__total">
        <dt>{t('cart.total')}</dt>
        <dd data-testid="cart-total">{loading ? <Skeleton style={{ width: '5em', height: '1em' }} /> : <bdi dir="ltr">{format.money(total)}</bdi>}</dd>
      </div>
      {charges.length > 0 && !loading ? (
        <div className="cart-totals__charges">
          <dt>{t('cart.charged')}</dt>
          <dd>
            <ul aria-label={t('cart.perCurrency')}>
              {charges.map((c) => (
                <li key={c.currency}>
                  {/* a price keeps its own direction inside Arabic text; the providers follow the page's */}
                  <Trans
                    t={t}
                    i18nKey="cart.chargedBy"
                    values={{ amount: format.money(c.total), providers: c.providers.join(t('cart.or')) }}
                    components={{ amount: <bdi dir="ltr" /> }}
                  />
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** /user/cartPage: the signed-in user's items, the totals in the visitor's currency, and checkout of the whole cart. */
export default function CartPage() {
  const { t } = useTranslation('account');
  const language = usePageLanguage();
  useDocumentMeta(t('cart.meta'));
  const session = useSession();
  const location = useLocation();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [removing, setRemoving] = useState<string | null>(null);
  const failure = useFlash<string>();
  const free = load.status === 'ready' && load.products.every(isFreeProduct);
  const paying = load.status === 'ready' && load.products.length > 0 && !free;
  const payment = usePaymentSettings(paying);

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
      failure.show(t('cart.removeFailed'), MESSAGE_MS.error);
    } finally {
      setRemoving(null);
    }
  };

  if (load.status === 'signedOut') return <Navigate to={SIGN_IN_PATH} replace state={fromHere(location)} />;
  // The cart shows once the payment choices it names are first known too (they come with the page,
  // adapters/http/page-preloads.ts): shown first with the spec's two, the totals' lines grew when
  // the store's own came, and the payment form below moved down. A retry after a failure keeps it.
  const shown = paying && payment.settings.status === 'loading' && !payment.answered ? { status: 'loading' as const } : load;

  return (
    <div className="container page cart-page">
      <div className="page-header">
        <h1>{t('cart.title')}</h1>
      </div>
      {shown.status === 'loading' ? (
        <div role="status" aria-live="polite" className="cart-layout">
          <span className="visually-hidden">{t('cart.loading')}</span>
          <div className="cart-items" aria-hidden="true">
            {[0, 1].map((i) => (
              <Skeleton key={i} style={{ height: '7rem', borderRadius: '16px', marginBottom: '1rem' }} />
            ))}
          </div>
        </div>
      ) : shown.status === 'error' ? (
        <Alert tone="error">
          <p>{t('cart.loadFailed')}</p>
        </Alert>
      ) : shown.products.length === 0 ? (
        <div className="state card card--padded">
          <h2 className="state__title">{t('cart.empty')}</h2>
          <p>{t('cart.emptyText')}</p>
          <Link to="/" className="btn">
            {t('cart.browse')}
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <section aria-labelledby="cart-items-title" className="cart-items">
            <h2 id="cart-items-title" className="visually-hidden">
              {t('cart.items')}
            </h2>
            {failure.value ? (
              <Alert tone="error">
                <p>{failure.value}</p>
              </Alert>
            ) : null}
            <ul className="cart-list" aria-label={t('cart.list')}>
              {shown.products.map((p) => {
                const title = titleIn(p, language);
                return (
                  <li key={p._id} className="cart-item card">
                    <Link to={productHref(p._id)} className="cart-item__cover" tabIndex={-1} aria-hidden="true">
                      <CoverImage src={p.smallCover[0] ?? p.covers[0]} alt="" shownAs="thumb" />
                    </Link>
                    <div className="cart-item__body">
                      <h3 className="cart-item__title" dir={title.dir} lang={title.lang}>
                        <Link to={productHref(p._id)}>{title.text}</Link>
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
                      aria-label={t('cart.removeTitle', { title: title.text })}
                    >
                      {t('cart.remove')}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
          <aside className="cart-summary" aria-label={t('cart.summary')}>
            <div className="card card--padded">
              <h2 className="cart-summary__title">{t('cart.summary')}</h2>
              <CartTotals products={shown.products} settings={payment.settings} />
            </div>
            <PaymentStep free={free} products={shown.products} payment={payment} />
          </aside>
        </div>
      )}
    </div>
  );
}
