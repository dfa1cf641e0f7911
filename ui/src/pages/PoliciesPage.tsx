import { StaticPage } from './StaticPage';

export default function PoliciesPage() {
  return (
    <StaticPage title="Policies" intro="How refunds, delivery and your personal data are handled at Dental Library.">
      <h2>Refund Policy</h2>
      <p>
        All our products are digital goods. Because a digital product cannot be returned, we do not offer refunds once
        an order is completed.
      </p>
      <p>
        If you have a technical problem accessing a product, report it to us within 24 hours of your purchase. We will
        fix the problem or replace the product.
      </p>
      <h2>Shipping Policy</h2>
      <p>
        Every product is delivered digitally; nothing is shipped. Your download link is available in the Orders section
        of your account and on your orders page.
      </p>
      <p>Please enter a valid e-mail address at checkout so that your order details reach you.</p>
      <h2>Privacy Policy</h2>
      <p>
        We collect personal data such as your name, e-mail address and payment details only to process your orders and
        to improve your experience of the store.
      </p>
      <p>
        We do not sell or share your personal data, except where the law requires it or where it is needed to provide
        the service to you. Payments are processed through secure, encrypted payment gateways.
      </p>
    </StaticPage>
  );
}
