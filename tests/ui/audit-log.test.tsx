import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntryData } from '../../ui/src/api/reports';
import { anId, fakeServer, renderApp, signedInAs } from './helpers';

const asAdmin = signedInAs('boss', { role: 'Admin' });
const amira = { id: anId(), name: 'Amira' };
const owner = { id: anId(), name: 'Owner' };

const updated: AuditEntryData = {
  at: '2026-03-02T10:00:00.000Z',
  actorId: amira.id,
  actorName: 'Amira',
  action: 'product-updated',
  subject: anId(),
  before: { title: 'Atlas', price: '19.99', author: ['A'] },
  after: { title: 'Atlas', price: '24.99', author: ['A', 'B'] },
};
const repriced: AuditEntryData = { at: '2026-03-01T09:00:00.000Z', actorId: owner.id, actorName: 'Owner', action: 'egp-prices-updated', detail: { egpPerUsd: '50', updated: 64 } };
const page = (entries: AuditEntryData[], total = entries.length, totalPages = 1) => ({ body: { success: true, entries, page: 1, totalPages, total } });

describe('Audit log', () => {
  test('someone who is not an admin is told admin access is required, and the log is not asked for', async () => {
    const server = fakeServer({ ...signedInAs('ana123'), 'GET /api/admin/audit': page([updated]) });
    renderApp('/admin/audit');
    expect(await screen.findByText('Admin access is required to access this page')).toBeInTheDocument();
    expect(server.calls().filter((c) => c.includes('/api/admin/audit'))).toEqual([]);
  });

  test.each([375, 1280])('at %i px, each entry says who did what and when, with a readable before and after', async (width) => {
    fakeServer({ ...asAdmin, 'GET /api/admin/audit': page([updated, repriced]), 'GET /api/admin/audit/admins': { body: { success: true, admins: [amira, owner] } } });
    renderApp('/admin/audit', { width });
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    const entry = within(await screen.findByRole('listitem', { name: 'Product updated by Amira' }));
    expect(entry.getByText('by Amira').nextElementSibling).toHaveAttribute('dateTime', '2026-03-02T10:00:00.000Z');
    const changes = within(entry.getByRole('table', { name: 'What changed' }));
    expect(changes.getAllByRole('row').map((row) => row.textContent)).toEqual(['FieldBeforeAfter', 'price19.9924.99', 'author["A"]["A","B"]']);
    const reprice = within(screen.getByRole('listitem', { name: 'EGP prices updated by Owner' }));
    expect(reprice.getByText('egpPerUsd').nextElementSibling).toHaveTextContent('50');
    expect(screen.getByText('2 entries')).toBeInTheDocument();
  });

  test('filters by admin and action ask the server again, from the first page', async () => {
    const server = fakeServer({
      ...asAdmin,
      'GET /api/admin/audit': (url: URL) => (url.searchParams.get('action') === 'egp-prices-updated' ? page([repriced]) : page([updated, repriced], 45, 3)),
      'GET /api/admin/audit/admins': { body: { success: true, admins: [amira, owner] } },
    });
    renderApp('/admin/audit?page=2');
    await screen.findByRole('listitem', { name: 'Product updated by Amira' });
    expect(screen.getByRole('navigation', { name: 'Pages of the audit log' })).toBeInTheDocument();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Admin' }), 'Owner');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'EGP prices updated');
    expect(await screen.findByText('1 entry')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Product updated by Amira' })).not.toBeInTheDocument();
    expect(server.calls()).toContain(`GET /api/admin/audit?page=1&limit=20&admin=${owner.id}&action=egp-prices-updated`);
  });
});
