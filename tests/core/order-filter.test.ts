import * as E from 'fp-ts/Either';
import {
  BAD_DATE,
  BAD_PROVIDER,
  DATES_REVERSED,
  SEARCH_TOO_LONG,
  SEARCH_TOO_SHORT,
  UNKNOWN_CURRENCY,
  UNKNOWN_SHOWN_STATUS,
  isEmptyFilter,
  orderFilterOf,
  passes,
} from '../../core/ordering/domain/order-filter';
import { Order } from '../../core/ordering/domain/order';
import { egp, usd } from '../../core/shared/money';
import { left, right } from '../support/either';

/** The admin's order filters (issue 21): what each field picks, and the reason each bad one is refused. */
describe('order filters', () => {
  it('reads what the admin typed: trimmed, lower-cased text and names, upper-cased currency, dates as instants', () => {
    expect(right(orderFilterOf({ q: '  Hana@Mail ', status: 'paid', provider: 'PayMob', method: 'kiosk', currency: 'egp', from: '2026-03-01', to: '2026-03-31' }))).toEqual({
      text: 'hana@mail',
      status: 'paid',
      provider: 'paymob',
      method: 'kiosk',
      currency: 'EGP',
      from: '2026-03-01T00:00:00.000Z',
      // A bare "to" date takes its whole day.
      to: '2026-04-01T00:00:00.000Z',
    });
    expect(right(orderFilterOf({ from: '2026-03-01T10:30:00+02:00' }))).toEqual({ from: '2026-03-01T08:30:00.000Z' });
    expect(isEmptyFilter(right(orderFilterOf({ q: '  ', status: '', currency: undefined })))).toBe(true);
  });

  it.each([
    [{ q: 'ab' }, SEARCH_TOO_SHORT],
    [{ q: 'x'.repeat(201) }, SEARCH_TOO_LONG],
    [{ status: 'shipped' }, UNKNOWN_SHOWN_STATUS],
    [{ status: 'partly-refunded' }, UNKNOWN_SHOWN_STATUS],
    [{ currency: 'EUR' }, UNKNOWN_CURRENCY],
    [{ provider: "paypal' or 1=1" }, BAD_PROVIDER],
    [{ method: '-card' }, BAD_PROVIDER],
    [{ from: '2026-02-30' }, BAD_DATE],
    [{ from: '2026-13-01' }, BAD_DATE],
    [{ to: '1 March 2026' }, BAD_DATE],
    [{ to: '2026-03-01T25:00:00Z' }, BAD_DATE],
    [{ from: '2026-03-02', to: '2026-03-01' }, DATES_REVERSED],
    [{ from: '2026-03-01T00:00:00Z', to: '2026-03-01T00:00:00Z' }, DATES_REVERSED],
  ])('refuses %j: %s', (input, message) => {
    expect(left(orderFilterOf(input))).toEqual({ _tag: 'DomainError', kind: 'invalid', message });
  });

  const order = (overrides: Partial<Order> = {}): Order => ({
    id: '0123456789abcdef01a2b3c4',
    buyerName: 'Hana',
    buyerEmail: 'Hana.Adel@Clinic.test',
    method: 'paymob',
    paymentMethod: 'kiosk',
    currency: 'EGP',
    total: egp(5000),
    lines: [{ productId: 'p', title: 'Atlas of Implants', price: egp(5000) }],
    status: 'paid',
    delivered: false,
    refunded: egp(0),
    createdAt: '2026-03-15T12:00:00.000Z',
    version: 1,
    ...overrides,
  });
  const picks = (input: Parameters<typeof orderFilterOf>[0], o: Order) => passes(right(orderFilterOf(input)), o);

  it("maps the owner's five states onto the store's own", () => {
    const cases: [Order['status'], boolean, string[]][] = [
      ['pending', false, ['pending']],
      ['paid', false, ['paid']],
      ['paid', true, ['paid', 'delivered']],
      ['partly-refunded', true, ['paid', 'refunded', 'delivered']],
      ['refunded', false, ['refunded']],
      ['failed', false, ['failed']],
      ['expired', false, ['failed']],
    ];
    for (const [status, delivered, shown] of cases)
      expect(['pending', 'paid', 'failed', 'refunded', 'delivered'].filter((s) => picks({ status: s }, order({ status, delivered })))).toEqual(shown);
  });

  it('finds by number, id, the start of the address or any part of a title; every given field must hold', () => {
    expect(picks({ q: 'a2b3c4' }, order())).toBe(true);
    expect(picks({ q: '0123456789abcdef01a2b3c4' }, order())).toBe(true);
    expect(picks({ q: 'hana.adel@cl' }, order())).toBe(true);
    // An address from its start: its domain alone is in every other order's too.
    expect(picks({ q: 'adel@clinic' }, order())).toBe(false);
    expect(picks({ q: 'IMPLANTS' }, order())).toBe(true);
    expect(picks({ q: 'veneers' }, order())).toBe(false);
    expect(picks({ q: 'implants', currency: 'USD' }, order())).toBe(false);
    expect(picks({ provider: 'paymob', method: 'card' }, order())).toBe(false);
    expect(picks({ from: '2026-03-15', to: '2026-03-15' }, order())).toBe(true);
    expect(picks({ to: '2026-03-14' }, order())).toBe(false);
    expect(picks({ currency: 'usd' }, order({ currency: 'USD', total: usd(1) }))).toBe(true);
  });

  it('keeps nothing of a refused field: the filter is a value or a reason', () => {
    expect(E.isLeft(orderFilterOf({ q: 'atlas', status: 'nope' }))).toBe(true);
  });
});
