import { Link } from 'react-router-dom';
import { cartBadge } from '../../../core/catalog/domain/display';
import { CartIcon } from '../design/icons';
import { CART_COUNT_SIGNED_OUT, CART_HREF } from './links';

export function CartLink({ withText = false, onNavigate }: { withText?: boolean; onNavigate?: () => void }) {
  const badge = cartBadge(CART_COUNT_SIGNED_OUT);
  return (
    <Link to={CART_HREF} className="nav-cart" aria-label={`Cart, ${badge} items`} onClick={onNavigate}>
      <CartIcon />
      {withText ? <span className="nav-cart__text">Cart</span> : null}
      <span className="badge nav-cart__badge" data-testid="cart-badge">
        {badge}
      </span>
    </Link>
  );
}
