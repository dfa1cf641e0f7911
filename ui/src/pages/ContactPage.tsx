import { supportEmail } from '../app/supportEmail';
import { StaticPage } from './StaticPage';

export default function ContactPage() {
  const email = supportEmail();
  return (
    <StaticPage title="Contact us" intro="Questions about a book, a course or an order? We are happy to help.">
      <p>
        Write to our support team at <a href={`mailto:${email}`}>{email}</a> and we will reply within 24 hours.
      </p>
      <h2>Before you write</h2>
      <ul>
        <li>For a question about an order, include the order number shown in the Orders section of your account.</li>
        <li>
          If you cannot open or download a product, tell us which product it is and what you see. Problems with access
          reported within 24 hours are fixed, or the product is replaced.
        </li>
        <li>Use the e-mail address you entered at checkout, so that we can find your order quickly.</li>
      </ul>
    </StaticPage>
  );
}
