import { NOT_A_CUSTOMER, CUSTOMER_SEARCH_TOO_SHORT, customerRefOf, customerSearchOf, spentOf } from '../../core/ordering/domain/customer';
import { Order } from '../../core/ordering/domain/order';
import { egp, usd } from '../../core/shared/money';
import { left, right } from '../support/either';

/** The back office's customers (issue 21): who a page names, what a search takes, what a customer spent. */
describe('customers', () => {
  it('names an account by its id and a guest by its address, in its normal form', () => {
    expect(right(customerRefOf('0123456789abcdef01234567'))).toEqual({ kind: 'account', id: '0123456789abcdef01234567' });
    expect(right(customerRefOf('Salma.Guest@Mail.TEST'))).toEqual({ kind: 'guest', email: 'salma.guest@mail.test' });
    for (const text of ['', 'salma', 'a b@c.d', '@', `${'x'.repeat(250)}@mail.test`]) expect(left(customerRefOf(text)).message).toBe(NOT_A_CUSTOMER);
  });

  it('searches three characters or more, in lower case; a blank search lists everyone', () => {
    expect(right(customerSearchOf('  Hana '))).toBe('hana');
    expect(right(customerSearchOf('   '))).toBeUndefined();
    expect(left(customerSearchOf('ha'))).toMatchObject({ kind: 'invalid', message: CUSTOMER_SEARCH_TOO_SHORT });
  });

  it('counts money paid and kept, per currency, never summed across them; unpaid orders spend nothing', () => {
    const o = (status: Order['status'], total: ReturnType<typeof usd> | ReturnType<typeof egp>, refunded = 0) => ({ status, currency: total.currency, total, refunded: { minor: refunded, currency: total.currency } }) as Order;
    expect(spentOf([o('paid', usd(2000)), o('partly-refunded', usd(3000), 1000), o('refunded', egp(5000), 5000), o('paid', egp(100_000)), o('pending', usd(9999)), o('failed', egp(1))])).toEqual([
      egp(100_000),
      usd(4000),
    ]);
    expect(spentOf([])).toEqual([]);
  });
});
