import { z } from 'zod';
import { publicProduct } from './catalog';
import { answer } from './envelope';
import { ignored, textField } from './fields';

/** POST /api/addtocart { id }: the original also sends the product's price, priceEGP and name, never read. */
export const addToCartRequest = z
  .object({ id: textField('id', { max: 100, tooLong: 'Product not found' }), price: ignored, priceEGP: ignored, name: ignored })
  .strict();
/** POST /api/cartspecific: the original posts the user's id; the session alone says whose cart it is. */
export const cartProductsRequest = z.object({ id: ignored }).strict();

/** GET /api/addtocart/CartCount, DELETE /api/addtocart/:id */
export const cartCountAnswer = answer({ count: z.number() });
/** GET /api/addtocart/:id: the original answers "is it in the cart" as `success` itself. */
export const inCartAnswer = z.object({ success: z.boolean() }).strict();
/** POST /api/addtocart */
export const addedAnswer = answer({
  added: z.boolean(),
  addingTocart: z.object({ productId: z.string(), count: z.number() }).strict(),
});
/** GET /api/cartspecific */
export const cartAnswer = answer({
  CheckUser: z
    .object({
      _id: z.string(),
      username: z.string(),
      cart: z.array(z.object({ productId: publicProduct }).strict()),
    })
    .strict(),
});
/** POST /api/cartspecific */
export const cartProductsAnswer = answer({ PopulatedProducts: z.array(publicProduct) });
