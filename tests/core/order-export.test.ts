import { ORDER_CSV_HEADER, csvCell, csvLine, orderCsvLine } from '../../core/ordering/domain/order-export';
import { egp } from '../../core/shared/money';

/** The orders' CSV (issue 21): a cell is shown by a spreadsheet, never run as a formula. */
describe('order CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil.test","x")', `"'=HYPERLINK(""http://evil.test"",""x"")"`],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['Hana "the dentist"', `"Hana ""the dentist"""`],
    ['a,b\nc', '"a,b\nc"'],
    ['Atlas = 2nd edition', '"Atlas = 2nd edition"'],
    ['', '""'],
  ])('%j becomes %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers and flags as they are (a negative number is data, not a formula the store wrote from text)', () => {
    expect(csvCell(12.5)).toBe('"12.5"');
    expect(csvCell(true)).toBe('"true"');
  });

  it('ends each line with CRLF and writes an order in its own currency', () => {
    expect(csvLine(['a', '=b'])).toBe(`"a","'=b"\r\n`);
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
      `"a2b3c4","0123456789abcdef01a2b3c4","2026-03-15T12:00:00.000Z","partly-refunded","true","'-Hana","hana@mail.test","paymob","card","EGP","1300.05","0.05","Atlas | @Guide"\r\n`,
    );
  });
});
