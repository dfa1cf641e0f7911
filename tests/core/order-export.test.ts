import { ORDER_CSV_HEADER, orderCsvLine } from '../../core/ordering/domain/order-export';
import { csvLine } from '../../core/shared/csv';
import { egp } from '../../core/shared/money';

/** The orders' CSV (issue 21): a cell is shown by a spreadsheet, never run as a formula. */
describe('the orders CSV', () => {
  it('ends each line with CRLF and writes an order in its own currency', () => {
    expect(csvLine(['a', '=b', true])).toBe(`a,'=b,true\r\n`);
    expect(ORDER_CSV_HEADER).toContain('currency');
    const line = orderCsvLine({
      id: '0123456789abcdef01a2b3c4',
      buyerName: '-Hana',
      buyerEmail: 'hana@mail.test',
      method: 'paymob',
      paymentMethod: 'card',
      currency: 'EGP',
      total: egp(130005),
      lines: [
        { productId: 'a', title: 'Atlas', price: egp(130000) },
        { productId: 'b', title: '@Guide', price: egp(5) },
      ],
      status: 'partly-refunded',
      delivered: true,
      refunded: egp(5),
      createdAt: '2026-03-15T12:00:00.000Z',
      version: 3,
    });
    expect(line).toBe(
      `a2b3c4,0123456789abcdef01a2b3c4,2026-03-15T12:00:00.000Z,partly-refunded,true,'-Hana,hana@mail.test,paymob,card,EGP,1300.05,0.05,Atlas | @Guide\r\n`,
    );
  });
});
