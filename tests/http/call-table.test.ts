import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CALLS, CallName, pathOf } from '../../api/calls';
import { RunningStore, startStore } from '../support/http';
import { withCode } from '../support/codes';

/** Each call is defined once, in api/calls.ts: the server routes every one of them, and no path of its own. */
describe('the call table', () => {
  let api: RunningStore;
  beforeAll(async () => (api = await startStore([])));
  afterAll(() => api.close());

  it('is what the server routes: every call reaches a route of its own', async () => {
    const unrouted: string[] = [];
    for (const name of Object.keys(CALLS) as CallName[]) {
      const { method } = CALLS[name];
      const path = `/api${pathOf(name, { id: 'x', type: 'books', category: 'Periodontics', token: 't', orderId: 'o', productId: 'p', fileId: 'f', report: 'sales' })}`;
      const response = await fetch(api.url + path, { method, redirect: 'manual', ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }) });
      const text = await response.text();
      if (response.status === 405 || text.includes('No such API call')) unrouted.push(`${method} ${path}`);
    }
    expect(unrouted).toEqual([]);
    // And a call that is not in the table is no call.
    expect((await api.post('/api/user/delete-everything', {})).body).toEqual({ success: false, ...withCode('No such API call') });
  });

  it('is the only place a path is written: no route and no UI call names one itself', () => {
    const sources = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f)).map((f) => join(dir, f));
    const routeWritingItsPath = /router\.(get|post|put|delete)\(\s*['`]/;
    const offenders = [
      ...sources('adapters/http/routes').filter((file) => routeWritingItsPath.test(readFileSync(file, 'utf8'))),
      ...sources('ui/src').filter((file) => /['`]\/api\//.test(readFileSync(file, 'utf8'))),
    ];
    expect(offenders).toEqual([]);
  });
});
