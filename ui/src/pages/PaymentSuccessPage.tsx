import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { fromDecimal } from '../../../core/shared/money';
import { checkoutApi, type OrderData } from '../api/checkout';
import { CART_UPDATED, fire } from '../auth/events';
import { ResultIcon } from '../checkout/ResultIcon';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { useFormat } from '../i18n/format';
import { amountIn } from '../checkout/isolate';
import '../checkout/checkout.css';

export const SUCCESS_ICON_DELAY_MS = 800;

const orderDataOf = (state: unknown): OrderData | undefined => {
  const data = (state as { orderData?: OrderData } | null)?.orderData;
  return data && typeof data.orderNumber === 'string' ? data : undefined;
};

const orderIdOf = (state: unknown): string | undefined => {
  const id = (state as { orderId?: unknown } | null)?.orderId;
  return typeof id === 'string' ? id : undefined;
};

/**
 * The order to show: PayPal's and free checkouts bring it in navigation state; after Paymob's
 * redirect only its id comes along, and the server answers the rest for the signed-in buyer.
 */
function useOrder(state: unknown): OrderData | undefined {
  const given = orderDataOf(state);
  const id = given ? undefined : orderIdOf(state);
  const [fetched, setFetched] = useState<OrderData>();
  useEffect(() => {
    if (!id) return;
    let current = true;
    checkoutApi.order(id).then(
      (order) => current && setFetched(order),
      // no number rather than an error: the payment itself went through
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [id]);
  return given ?? fetched;
}

/** /Paymentsuccess: the order the checkout made, by navigation state or asked of the server by its id. */
export default function PaymentSuccessPage() {
  const { t, i18n } = useTranslation('checkout');
  const format = useFormat();
  useDocumentMeta(t('result.successTitle'));
  const navigate = useNavigate();
  const order = useOrder(useLocation().state);
  const total = order ? fromDecimal(order.total, order.currency) : undefined;
  // What was paid has left the cart on the server: the badge follows at once, whichever provider.
  useEffect(() => fire(CART_UPDATED), []);

  return (
    <div className="container page payment-result">
      <ResultIcon kind="success" delayMs={SUCCESS_ICON_DELAY_MS} />
      <h1>{t('result.successTitle')}</h1>
      <p>{t('result.successText')}</p>
      {order ? (
        <p className="payment-result__order">
          {total
            ? t('result.orderTotal', { number: order.orderNumber, total: amountIn(i18n.language, format.money(total)) })
            : t('result.order', { number: order.orderNumber })}
        </p>
      ) : null}
      <div className="payment-result__notes">
        <section className="card card--padded" aria-labelledby="confirmation-title">
          <h2 id="confirmation-title">{t('result.emailTitle')}</h2>
          <p>{t('result.emailText')}</p>
        </section>
        <section className="card card--padded" aria-labelledby="download-title">
          <h2 id="download-title">{t('result.downloadTitle')}</h2>
          <p>
            {t('result.downloadText')} <Link to="/user/profile">{t('result.viewOrders')}</Link>
          </p>
        </section>
      </div>
      <div className="payment-result__actions">
        <button type="button" className="btn btn--accent btn--lg" onClick={() => navigate('/')}>
          {t('result.continue')}
        </button>
      </div>
      <p>
        {t('result.needHelp')} <Link to="/contactus">{t('result.contactSupport')}</Link>
      </p>
    </div>
  );
}
