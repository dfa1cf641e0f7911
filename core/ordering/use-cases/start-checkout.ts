import * as TE from 'fp-ts/TaskEither';
import { buyerProblems } from '../../cart/domain/checkout-form';
import { Carts } from '../../cart/ports';
import { isFreeOrPriced, notOrderable } from '../../catalog/domain/free';
import { Product } from '../../catalog/domain/product';
import { Catalog } from '../../catalog/ports/catalog';
import { requireUser } from '../../identity/domain/rights';
import { User, normalEmail } from '../../identity/domain/user';
import { Attempts } from '../../shared/attempts';
import { DomainError, PRODUCT_NOT_FOUND, invalid, isDomainError, notFound, rateLimited, unavailable } from '../../shared/errors';
import { Clock, IdGenerator, isId } from '../../shared/ids';
import { Language } from '../../shared/language';
import { Currency, Money, isFree, sum } from '../../shared/money';
import {
  COUPON_DISABLED,
  COUPON_OUT_OF_SCOPE,
  COUPON_UNKNOWN,
  COUPON_USED_BY_YOU,
  COUPON_USED_UP,
  Coupon,
  applyCoupon,
  couponUnderMinimum,
  covers,
  customerKey,
  minimumIn,
  normalCode,
  whyNotNow,
} from '../../coupons/domain/coupon';
import { CouponReader, Redemption } from '../../coupons/ports';
import { FREE_ORDER_POLICY, freeOrderRules, guestFreeOrderRules, tooManyFreeOrders } from '../domain/free-orders';
import { NO_PRODUCTS_NAMED, ORDER_MAX_PRODUCTS, Order, OrderLine, PRODUCT_NAMED_TWICE, TOO_MANY_PRODUCTS, linesOf } from '../domain/order';
import { OrderReader, UnitOfWork } from '../ports/orders';
import { MAIL, StoreContact, payAtLetterOf } from '../domain/confirmation';
import { started } from '../domain/order-life';
import { changeOrder } from './change-order';
import { Gateways, MethodName, NextStep, PaymentGateway, ProviderName } from '../ports/payment-gateway';
import { attempt } from '../../shared/task';
import { Settlement } from './settlement';

/**
 * What the buyer asks for: products by id (one for Buy now, else the whole cart), a provider and
 * the form. There is no price or amount here on purpose: the catalogue prices every order (DECISIONS 14).
 */
export interface CheckoutRequest {
  /** The products bought, each once (Buy now names one); without them, the signed-in user's cart. */
  readonly productIds?: readonly string[];
  readonly provider: string;
  /** One of the provider's methods ('card', 'wallet'...); unset: the first it lists. */
  readonly method?: string;
  /** The buyer's phone number, for a method that asks for it (a mobile wallet). */
  readonly phone?: string;
  /** The spec's PayPal order carries none. */
  readonly name?: string;
  /** Where a priced order's confirmation goes; a free order's goes to the account's own address. */
  readonly email: string;
  /** The buyer's internet address, for the free orders' limit (the HTTP edge always gives it). */
  readonly address?: string;
  /** The language the buyer shops in (issue 20): the order keeps it, and its letters are written in it. */
  readonly language: Language;
  /** A coupon code the buyer typed (issue 21), in any case. */
  readonly coupon?: string;
}

/** A free order comes back paid; otherwise pending, with the provider's reference and the buyer's next step. */
export interface CheckoutStarted {
  readonly order: Order;
  readonly reference?: string;
  readonly frameUrl?: string;
  readonly next?: NextStep;
}

export const CART_EMPTY = 'Your cart is empty. Add some items to your cart before checking out.';
export const CHOOSE_METHOD = 'Please select a payment method';
export const PAYMENT_INIT_FAILED = 'Payment initialization failed';
export const NAME_MAX = 100;

/**
 * Who checks out: a signed-in account, or a guest known only by the name and address of the form
 * (DECISIONS 25). A guest has no cart, so names the products; its order has no account.
 */
type Checkout = { readonly kind: 'account'; readonly user: User } | { readonly kind: 'guest' };

export class StartCheckout {
  constructor(
    private readonly catalog: Catalog,
    private readonly carts: Carts,
    private readonly orders: OrderReader,
    private readonly work: UnitOfWork,
    private readonly gateways: Gateways,
    private readonly settlement: Settlement,
    private readonly attempts: Attempts,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly contact: StoreContact,
    private readonly coupons: CouponReader,
  ) {}

  start(user: User | undefined, request: CheckoutRequest): TE.TaskEither<DomainError, CheckoutStarted> {
    return attempt(async () => {
      const buyer = requireUser(user);
      return isDomainError(buyer) ? buyer : this.checkout({ kind: 'account', user: buyer }, request);
    });
  }

  /** A visitor's checkout with a name and an e-mail address, no account: the same rules, prices and providers. */
  startAsGuest(request: CheckoutRequest): TE.TaskEither<DomainError, CheckoutStarted> {
    return attempt(() => this.checkout({ kind: 'guest' }, request));
  }

  private async checkout(buyer: Checkout, request: CheckoutRequest): Promise<CheckoutStarted | DomainError> {
    {
      const gateway = this.gatewayNamed(request.provider);
      if (!gateway) return invalid(CHOOSE_METHOD);
      const method = methodOf(gateway, request.method);
      if (method === undefined) return invalid(CHOOSE_METHOD);
      const problem = formProblem(request);
      if (problem) return problem;
      const products = await this.productsOf(buyer, request.productIds);
      if (isDomainError(products)) return products;
      // Stored before DECISIONS 22: free in one currency would be given away to whoever pays in it.
      const unpriced = products.filter((p) => !isFreeOrPriced(p));
      if (unpriced.length > 0) return invalid(notOrderable(unpriced.map((p) => p.title)));

      const typedEmail = normalEmail(request.email);
      const customer = customerKey({ ...(buyer.kind === 'account' ? { userId: buyer.user.id } : {}), email: typedEmail });
      const priced = await this.priced(products, gateway.currency, request.coupon, customer);
      if (isDomainError(priced)) return priced;
      const { lines, coupon } = priced;
      const total = sum(lines.map((l) => l.price), gateway.currency);
      const free = isFree(total);
      if (free) {
        const rules = buyer.kind === 'account' ? freeOrderRules(buyer.user.id, request.address) : guestFreeOrderRules(typedEmail, request.address);
        const wait = await this.attempts.consume(rules, FREE_ORDER_POLICY.windowSeconds);
        if (wait > 0) return rateLimited(tooManyFreeOrders(wait));
      }
      const id = this.ids.next();
      const order = await this.work.run(async (tx): Promise<Order | DomainError> => {
        // The use is taken under the coupon's lock before the order is written, in one transaction:
        // refused, nothing is written; taken, the order exists with it or neither does.
        if (coupon) {
          const use = await tx.coupons.redeem({ couponId: coupon.coupon.id, orderId: id, customer, discount: coupon.discount, at: this.clock.now() });
          if (use !== 'redeemed') return invalid(REDEMPTION_REFUSED[use]);
        }
        return tx.orders.add({
          id,
          ...(buyer.kind === 'account' ? { userId: buyer.user.id } : {}),
          buyerName: (request.name ?? '').trim(),
          // No one paid for a free order: an account's e-mail goes only to its own, proven address,
          // never to one typed at checkout (the store would send mail to anyone, for nothing). A
          // guest has no other address: theirs is limited as an account is (guestFreeOrderRules). A
          // typed one is kept in the form the e-mail rule checked (buyerProblems), as every address is.
          buyerEmail: free && buyer.kind === 'account' ? buyer.user.email : typedEmail,
          language: request.language,
          method: free ? 'free' : gateway.provider,
          currency: gateway.currency,
          total,
          lines,
          paymentMethod: free ? 'free' : method,
          ...(coupon ? { coupon: { code: coupon.coupon.code, discount: coupon.discount } } : {}),
          createdAt: this.clock.now().toISOString(),
        });
      });
      if (isDomainError(order)) return order;
      if (free) {
        const paid = await this.settlement.pay(order, `free:${order.id}`);
        return isDomainError(paid) ? paid : { order: paid.order };
      }
      return this.startPayment(gateway, order, method, request.phone?.trim());
    }
  }

  /**
   * The order's lines priced from the catalogue in its currency, less the coupon's parts when the
   * buyer gave one; or why the coupon cannot be used. The caps are checked here to say why early
   * and again when the use is taken (redeem), which alone decides a race.
   */
  private async priced(
    products: readonly Product[],
    currency: Currency,
    code: string | undefined,
    customer: string,
  ): Promise<{ readonly lines: readonly OrderLine[]; readonly coupon?: { readonly coupon: Coupon; readonly discount: Money } } | DomainError> {
    const lines = linesOf(products, currency);
    if (code === undefined || code.trim() === '') return { lines };
    const coupon = await this.coupons.byCode(normalCode(code));
    if (!coupon) return invalid(COUPON_UNKNOWN);
    const why = whyNotNow(coupon, this.clock.now());
    if (why) return invalid(why);
    if (coupon.maxUsesPerCustomer !== undefined && (await this.coupons.usesBy(coupon.id, customer)) >= coupon.maxUsesPerCustomer) return invalid(COUPON_USED_BY_YOU);
    const covered = products.map((p) => covers(coupon.scope, p));
    if (!covered.some(Boolean)) return invalid(COUPON_OUT_OF_SCOPE);
    const subtotal = sum(lines.map((l) => l.price), currency);
    if (coupon.minimum && subtotal.minor < minimumIn(coupon.minimum, currency).minor) return invalid(couponUnderMinimum(minimumIn(coupon.minimum, currency)));
    const { prices, discount } = applyCoupon(coupon.off, lines.map((l, i) => ({ price: l.price, covered: covered[i] })), currency);
    return { lines: lines.map((l, i) => ({ ...l, price: prices[i] })), coupon: { coupon, discount } };
  }

  private gatewayNamed(provider: string): PaymentGateway | undefined {
    return Object.prototype.hasOwnProperty.call(this.gateways, provider) ? this.gateways[provider as ProviderName] : undefined;
  }

  /** Exactly the products named, or the cart; never the rest of the cart with them. */
  private async productsOf(buyer: Checkout, productIds: readonly string[] | undefined): Promise<readonly Product[] | DomainError> {
    if (productIds === undefined) {
      if (buyer.kind === 'guest') return invalid(NO_PRODUCTS_NAMED);
      const inCart = await this.carts.products(buyer.user.id);
      return inCart.length ? inCart : invalid(CART_EMPTY);
    }
    if (productIds.length === 0) return invalid(NO_PRODUCTS_NAMED);
    if (productIds.length > ORDER_MAX_PRODUCTS) return invalid(TOO_MANY_PRODUCTS);
    if (new Set(productIds).size !== productIds.length) return invalid(PRODUCT_NAMED_TWICE);
    const products: Product[] = [];
    for (const id of productIds) {
      const product = isId(id) ? await this.catalog.findById(id) : undefined;
      if (!product) return notFound(PRODUCT_NOT_FOUND);
      products.push(product);
    }
    return products;
  }

  /**
   * A provider that cannot be reached fails the order: the buyer was never shown its window or
   * frame, so nothing can be charged for it, and the profile says failed rather than pending forever.
   */
  private async startPayment(gateway: PaymentGateway, order: Order, method: MethodName, phone: string | undefined): Promise<CheckoutStarted | DomainError> {
    const start = await gateway.start({
      orderId: order.id,
      method,
      amount: order.total,
      items: order.lines.map((l) => ({ name: l.title, price: l.price })),
      buyer: { name: order.buyerName, email: order.buyerEmail, ...(phone ? { phone } : {}) },
    });
    if (start.kind !== 'started') {
      await this.settlement.fail(order);
      // The buyer's own details would not do (a number that is no wallet): their mistake to mend, said as the provider said it.
      return start.kind === 'refused' ? invalid(start.reason) : unavailable(PAYMENT_INIT_FAILED);
    }
    const payAt = start.next.kind === 'offline' ? start.next.payAt : undefined;
    // To be paid away from the store: the buyer gets the reference by e-mail at once, with the order.
    const kept = await changeOrder(this.orders, this.work, order.id, (now) => started(now, start.reference, payAt), async (tx, saved) => {
      if (payAt) await tx.queueMail(MAIL.payAt(saved.id), payAtLetterOf(saved, payAt, this.contact));
    });
    return {
      order: kept.kind === 'missing' ? order : kept.order,
      reference: start.reference,
      next: start.next,
      ...(start.next.kind === 'frame' ? { frameUrl: start.next.url } : {}),
    };
  }
}

/** Why the coupon's lock refused a use the first look allowed (another buyer took the last one meanwhile). */
const REDEMPTION_REFUSED: Record<Exclude<Redemption, 'redeemed'>, string> = {
  closed: COUPON_DISABLED,
  'used-up': COUPON_USED_UP,
  'used-by-customer': COUPON_USED_BY_YOU,
};

/** The method asked for, or the provider's first; undefined when the provider does not offer it. */
const methodOf = (gateway: PaymentGateway, asked: string | undefined): MethodName | undefined => {
  const method = asked ?? gateway.methods[0];
  return method !== undefined && gateway.methods.includes(method) ? method : undefined;
};

const formProblem = (request: CheckoutRequest): DomainError | undefined => {
  const problems = buyerProblems(request);
  const message = problems.name ?? problems.email;
  if (message) return invalid(message);
  if ((request.name ?? '').trim().length > NAME_MAX) return invalid(`Name must be at most ${NAME_MAX} characters`);
  return undefined;
};
