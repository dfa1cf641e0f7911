import { AUDIT_ACTION_RULE, AUDIT_ADMIN_RULE, auditFilterOf, isAsked } from '../../core/audit/domain/filter';
import { changesOf } from '../../core/audit/domain/changes';
import { DATES_BACKWARDS, DATE_RULE } from '../../core/shared/days';
import { invalid } from '../../core/shared/errors';

describe('the audit log’s filter', () => {
  const id = 'a'.repeat(24);

  it('turns days into the instants from midnight to the next midnight (UTC), both days included', () => {
    expect(auditFilterOf({ admin: id, action: 'order-refunded', from: '2026-03-01', to: '2026-03-02' })).toEqual({
      actorId: id,
      action: 'order-refunded',
      from: '2026-03-01T00:00:00.000Z',
      until: '2026-03-03T00:00:00.000Z',
    });
    expect(auditFilterOf({})).toEqual({});
  });

  it.each([
    [{ admin: 'Owner' }, AUDIT_ADMIN_RULE],
    [{ action: 'product-stolen' }, AUDIT_ACTION_RULE],
    [{ from: '2026-02-30' }, DATE_RULE],
    [{ to: 'yesterday' }, DATE_RULE],
    [{ from: '2026-03-02', to: '2026-03-01' }, DATES_BACKWARDS],
  ])('refuses %j, saying why', (input, message) => {
    expect(auditFilterOf(input)).toEqual(invalid(message));
  });

  it('asks for entries inside the instants, by their admin and action', () => {
    const filter = { actorId: id, action: 'product-deleted' as const, from: '2026-03-01T00:00:00.000Z', until: '2026-03-02T00:00:00.000Z' };
    const entry = { actorId: id, action: 'product-deleted', at: '2026-03-01T23:59:59.999Z' };
    expect(isAsked(filter, entry)).toBe(true);
    expect(isAsked(filter, { ...entry, at: '2026-03-02T00:00:00.000Z' })).toBe(false);
    expect(isAsked(filter, { ...entry, actorId: 'b'.repeat(24) })).toBe(false);
    expect(isAsked(filter, { ...entry, action: 'product-created' })).toBe(false);
  });
});

describe('the changes between an entry’s before and after', () => {
  it('names each changed field by its path, with both values; an added or removed field has one side', () => {
    const before = { title: 'Atlas', price: '19.99', author: ['A'], cover: { url: '/a.png', alt: 'A' }, isbn: '1' };
    const after = { title: 'Atlas', price: '24.99', author: ['A', 'B'], cover: { url: '/b.png', alt: 'A' }, year: 2026 };
    expect(changesOf(before, after)).toEqual([
      { path: 'price', before: '19.99', after: '24.99' },
      { path: 'author', before: ['A'], after: ['A', 'B'] },
      { path: 'cover.url', before: '/a.png', after: '/b.png' },
      { path: 'year', after: 2026 },
      { path: 'isbn', before: '1' },
    ]);
  });

  it('finds nothing between equal values, and the whole value where one side is not an object', () => {
    expect(changesOf({ a: [1, 2] }, { a: [1, 2] })).toEqual([]);
    expect(changesOf(undefined, { title: 'New' })).toEqual([{ path: '', after: { title: 'New' } }]);
  });
});
