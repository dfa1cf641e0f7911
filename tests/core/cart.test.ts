import * as E from 'fp-ts/Either';
import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { MemoryCarts } from '../../adapters/persistence/memory/memory-carts';
import { Cart } from '../../core/cart/use-cases';
import { notFound, unauthorized } from '../../core/shared/errors';
import { anAdmin } from '../support/actors';
import { aProduct, nextId } from '../support/products';

const setUp = async () => {
  const catalog = new MemoryCatalog();
  const cart = new Cart(new MemoryCarts((id) => catalog.findById(id)), catalog);
  const [book, course] = [aProduct(), aProduct({ category: 'courses', subcategory: [] })];
  await catalog.addMany([book, course]);
  const user = { id: nextId(), username: 'Hana', email: 'hana@mail.test', role: 'User' as const };
  return { catalog, cart, book, course, user };
};

describe('the cart', () => {
  it('needs a signed-in user for every call', async () => {
    const { cart } = await setUp();
    for (const call of [cart.add(undefined, 'x'), cart.remove(undefined, 'x'), cart.count(undefined), cart.products(undefined), cart.contains(undefined, 'x')])
      expect(await call()).toEqual(E.left(unauthorized('Please sign in first')));
  });

  it('adds products on sale once, and refuses unknown ones', async () => {
    const { cart, catalog, book, user } = await setUp();
    expect(await cart.add(user, book._id)()).toEqual(E.right({ added: true, count: 1 }));
    expect(await cart.add(user, book._id)()).toEqual(E.right({ added: false, count: 1 }));
    expect(await cart.add(user, 'ffffffffffffffffffffffff')()).toEqual(E.left(notFound('Product not found')));
    expect(await cart.add(user, 'not an id')()).toEqual(E.left(notFound('Product not found')));
    await catalog.remove(book._id, anAdmin());
    expect(await cart.count(user)()).toEqual(E.right(0));
  });

  it('tells whether a product is in the cart, for ids of any shape', async () => {
    const { cart, book, course, user } = await setUp();
    await cart.add(user, book._id)();
    expect(await cart.contains(user, book._id)()).toEqual(E.right(true));
    expect(await cart.contains(user, course._id)()).toEqual(E.right(false));
    expect(await cart.contains(user, 'not an id')()).toEqual(E.right(false));
    const other = { ...user, id: nextId() };
    expect(await cart.contains(other, book._id)()).toEqual(E.right(false));
  });

  it('removes a product and answers the count left; removing what is not there changes nothing', async () => {
    const { cart, book, course, user } = await setUp();
    await cart.add(user, book._id)();
    await cart.add(user, course._id)();
    expect(await cart.remove(user, book._id)()).toEqual(E.right({ count: 1 }));
    expect(await cart.remove(user, book._id)()).toEqual(E.right({ count: 1 }));
    expect(await cart.remove(user, 'not an id')()).toEqual(E.right({ count: 1 }));
    expect(await cart.products(user)()).toMatchObject(E.right([{ _id: course._id }]));
  });
});
