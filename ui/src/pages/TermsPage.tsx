import { StaticPage } from './StaticPage';

export default function TermsPage() {
  return (
    <StaticPage title="Terms & Conditions" intro="By buying from Dental Library you agree to the following terms.">
      <ul>
        <li>Digital products bought from Dental Library are for your personal use only.</li>
        <li>You may not share, resell or distribute any product without our written permission.</li>
        <li>You agree to give accurate contact and payment information when you place an order.</li>
        <li>All sales of digital products are final, except in the case of technical issues with access to a product.</li>
        <li>We may change these terms at any time without notice; the version on this page applies to new orders.</li>
      </ul>
    </StaticPage>
  );
}
