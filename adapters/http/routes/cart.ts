import Router from '@koa/router';
import { z } from 'zod';
import { Cart } from '../../../core/cart/use-cases';
import { parse, respond } from '../respond';
import { currentUser } from '../session';
import { addedAnswer, cartAnswer, cartCountAnswer, cartProductsAnswer, inCartAnswer } from '../../../api/cart';
import { toPublicProduct } from '../../../api/catalog';
import { textField } from '../text-field';

// Not strict: the original also sends price, priceEGP and name, which the server never trusts.
const productBody = z.object({ id: textField('id', { max: 100, tooLong: 'Product not found' }) });
const cartBody = z.object({ id: textField('id', { max: 100, tooLong: 'Too big: expected string to have <=100 characters' }).optional() });

/** Cart calls (spec 7, DECISIONS 3); all need a signed-in user, checked by the use cases. */
export const cartRoutes = (router: Router, cart: Cart) => {
  router.get('/addtocart/CartCount', async (ctx) => {
    await respond(ctx, cart.count(await currentUser(ctx)), cartCountAnswer, (count) => ({ count }));
  });

  router.get('/addtocart/:id', async (ctx) => {
    // The original answers whether the product is in the cart as `success`.
    await respond(ctx, cart.contains(await currentUser(ctx), ctx.params.id), inCartAnswer, (inCart) => ({ success: inCart }));
  });

  router.post('/addtocart', async (ctx) => {
    const body = parse(ctx, productBody, ctx.request.body);
    if (body)
      await respond(ctx, cart.add(await currentUser(ctx), body.id), addedAnswer, ({ added, count }) => ({
        added,
        addingTocart: { productId: body.id, count },
      }));
  });

  router.delete('/addtocart/:id', async (ctx) => {
    await respond(ctx, cart.remove(await currentUser(ctx), ctx.params.id), cartCountAnswer, ({ count }) => ({ count }));
  });

  router.get('/cartspecific', async (ctx) => {
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
  router.post('/cartspecific', async (ctx) => {
    if (parse(ctx, cartBody, ctx.request.body ?? {}))
      await respond(ctx, cart.products(await currentUser(ctx)), cartProductsAnswer, (products) => ({
        PopulatedProducts: products.map(toPublicProduct),
      }));
  });
};
