import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FailedJobData } from '../../ui/src/api/jobs';
import { fakeServer, renderApp, signedInAs } from './helpers';
import { withCode } from '../support/codes';

const asAdmin = signedInAs('boss', { role: 'Admin' });

const aFailedJob = (overrides: Partial<FailedJobData> = {}): FailedJobData => ({
  id: '3f1c2b9e-8a47-4c1e-9a3b-6d2f0e4a7b10',
  name: 'send-due-mail',
  data: {},
  error: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:25',
  attempts: 3,
  createdAt: '2026-03-02T10:00:00.000Z',
  startedAt: '2026-03-02T10:00:30.000Z',
  failedAt: '2026-03-02T10:00:31.000Z',
  ...overrides,
});

describe('Failed jobs', () => {
  test('someone who is not an admin is told admin access is required, and no jobs are asked for', async () => {
    const server = fakeServer(signedInAs('ana123'));
    renderApp('/admin/jobs');
    expect(await screen.findByText('Admin access is required to access this page')).toBeInTheDocument();
    expect(server.calls().filter((c) => c.includes('/api/admin/jobs'))).toEqual([]);
  });

  test.each([375, 1280])('at %i px, an admin sees each failed job: its error, attempts, times and what it was for', async (width) => {
    const stamping = aFailedJob({ id: '0a1b2c3d-0000-4000-8000-000000000001', name: 'stamp-files', data: { orderId: 'abc123' }, error: 'The PDF could not be read' });
    fakeServer({ ...asAdmin, 'GET /api/admin/jobs': { body: { success: true, jobs: [aFailedJob(), stamping] } } });
    renderApp('/admin/jobs', { width });
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed jobs' })).toBeInTheDocument();
    const mail = within(await screen.findByRole('listitem', { name: 'Failed job send-due-mail' }));
    expect(mail.getByText('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:25')).toBeInTheDocument();
    expect(mail.getByText('Attempts').nextElementSibling).toHaveTextContent('3');
    expect(mail.getByText('Failed').nextElementSibling?.querySelector('time')).toHaveAttribute('dateTime', '2026-03-02T10:00:31.000Z');
    const stamp = within(screen.getByRole('listitem', { name: 'Failed job stamp-files' }));
    expect(stamp.getByText('orderId: abc123')).toBeInTheDocument();
    expect(stamp.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  test('Retry queues the job again and says so; a refusal shows the server’s message', async () => {
    const job = aFailedJob();
    const server = fakeServer({
      ...asAdmin,
      'GET /api/admin/jobs': { body: { success: true, jobs: [job] } },
      [`POST /api/admin/jobs/${job.id}/retry`]: { body: { success: true, ...withCode('The job is queued again'), job } },
    });
    renderApp('/admin/jobs');
    const card = within(await screen.findByRole('listitem', { name: 'Failed job send-due-mail' }));
    await userEvent.click(card.getByRole('button', { name: 'Retry' }));
    expect(await card.findByText('The job is queued again')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(server.calls()).toContain(`POST /api/admin/jobs/${job.id}/retry`);
  });

  test('a retry the server refuses says why, and Retry stays', async () => {
    const job = aFailedJob();
    fakeServer({
      ...asAdmin,
      'GET /api/admin/jobs': { body: { success: true, jobs: [job] } },
      [`POST /api/admin/jobs/${job.id}/retry`]: { status: 404, body: { success: false, ...withCode('No failed job has this id: it may have been retried already') } },
    });
    renderApp('/admin/jobs');
    const card = within(await screen.findByRole('listitem', { name: 'Failed job send-due-mail' }));
    await userEvent.click(card.getByRole('button', { name: 'Retry' }));
    expect(await card.findByRole('alert')).toHaveTextContent('The job could not be retried: No failed job has this id: it may have been retried already');
    expect(card.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  test('no failed jobs, and a list that cannot be loaded, are each said', async () => {
    fakeServer({ ...asAdmin, 'GET /api/admin/jobs': { body: { success: true, jobs: [] } } });
    const { unmount } = renderApp('/admin/jobs');
    expect(await screen.findByRole('heading', { name: 'No failed jobs' })).toBeInTheDocument();
    unmount();
    fakeServer({ ...asAdmin, 'GET /api/admin/jobs': { status: 500, body: { success: false, ...withCode('Something went wrong') } } });
    renderApp('/admin/jobs');
    expect(await screen.findByText('Failed to load the failed jobs.')).toBeInTheDocument();
  });

  test("the admin's menu offers the screen", async () => {
    fakeServer({ ...asAdmin, 'GET /api/admin/jobs': { body: { success: true, jobs: [] } } });
    renderApp('/admin/jobs', { width: 375 });
    await screen.findByRole('heading', { level: 1, name: 'Failed jobs' });
    await userEvent.click(screen.getByRole('button', { name: /menu/i }));
    expect(await screen.findByRole('link', { name: 'Failed jobs' })).toHaveAttribute('href', '/admin/jobs');
  });
});
