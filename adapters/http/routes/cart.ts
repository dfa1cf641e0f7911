import { Cart } from '../../../core/cart/use-cases';
import { respond } from '../respond';
import { On } from '../calls';
import { currentUser } from '../session';
import { addedAnswer, cartAnswer, cartCountAnswer, cartProductsAnswer, inCartAnswer } from '../../../api/cart';
import { toPublicProduct } from '../../../api/catalog';

/** Cart calls (spec 7, DECISIONS 3); all need a signed-in user, checked by the use cases. */
export const cartRoutes = (on: On, cart: Cart) => {
  on('cartCount', async (ctx) => {
    await respond(ctx, cart.count(await currentUser(ctx)), cartCountAnswer, (count) => ({ count }));
  });

  on('inCart', async (ctx) => {
    // The original answers whether the product is in the cart as `success`.
    await respond(ctx, cart.contains(await currentUser(ctx), ctx.params.id), inCartAnswer, (inCart) => ({ success: inCart }));
  });

  on('addToCart', async (ctx, { body }) => {
    await respond(ctx, cart.add(await currentUser(ctx), body.id), addedAnswer, ({ added, count }) => ({
      added,
      addingTocart: { productId: body.id, count },
    }));
  });

  on('removeFromCart', async (ctx) => {
    await respond(ctx, cart.remove(await currentUser(ctx), ctx.params.id), cartCountAnswer, ({ count }) => ({ count }));
  });

  on('cart', async (ctx) => {
    const user = await currentUser(ctx);
    // The use case refuses a missing user, so the answer is only built for a signed-in one.
    await respond(ctx, cart.products(user), cartAnswer, (products) => ({
      CheckUser: {
        _id: user?.id ?? '',
        username: user?.username ?? '',
        cart: products.map((product) => ({ productId: toPublicProduct(product) })),
      },
    }));
  });

  // The original posts the user's id; the session alone says whose cart it is.
  on('cartProducts', async (ctx) => {
    await respond(ctx, cart.products(await currentUser(ctx)), cartProductsAnswer, (products) => ({
      PopulatedProducts: products.map(toPublicProduct),
    }));
  });
};
