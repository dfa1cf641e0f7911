import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router-dom';
import { useSession } from '../auth/AuthContext';
import { cartBadge } from '../cart/badge';
import { CartIcon } from '../design/icons';
import { CART_HREF } from './links';

/** The cart link with its badge: the signed-in user's count (capped at 999), 0 when signed out. */
export function CartLink({ withText = false, onNavigate }: { withText?: boolean; onNavigate?: () => void }) {
  const badge = cartBadge(useSession().cartCount);
  const { t } = useTranslation();
  return (
    <Link to={CART_HREF} className="nav-cart" aria-label={t('nav.cartItems', { count: Number(badge) })} onClick={onNavigate}>
      <CartIcon />
      {withText ? <span className="nav-cart__text">{t('nav.cart')}</span> : null}
      <span className="badge nav-cart__badge" data-testid="cart-badge">
        {badge}
      </span>
    </Link>
  );
}
