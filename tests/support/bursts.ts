import { REFUSAL_HOLD_MS, tooManyRequests } from '../../adapters/http/address-limits';
import { RunningStore } from './http';

/** As one proxy in front would say who asks (TRUST_PROXY=1). */
export const from = (address: string) => ({ 'x-forwarded-for': address });

export const CATALOGUE = '/api/backendproduct/getproducts?page=1&limit=5';

/** Sends `total` catalogue reads from one address, `atOnce` at a time; the statuses in the order sent. */
export const burst = async (api: RunningStore, total: number, atOnce: number, headers: Record<string, string>) => {
  const statuses: number[] = new Array(total);
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < total; n = next++) statuses[n] = (await fetch(api.url + CATALOGUE, { headers }).then(async (r) => (await r.arrayBuffer(), r))).status;
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  return statuses;
};

/**
 * The next read from an address past its limit: refused (429) after being held a moment, saying
 * why and for how long (Retry-After, within the window of `seconds`), not to be kept; and every
 * request of the address counts, the UI's pages too.
 */
export const expectRefusedPastLimit = async (api: RunningStore, address: string, seconds: number) => {
  const asked = Date.now();
  const refused = await api.get(CATALOGUE, from(address));
  const tookMs = Date.now() - asked;
  expect(refused.status).toBe(429);
  // A script that tries again at once is slowed down; the answer still comes soon.
  expect(tookMs).toBeGreaterThanOrEqual(REFUSAL_HOLD_MS - 5);
  expect(tookMs).toBeLessThan(REFUSAL_HOLD_MS + 1000);
  const wait = Number(refused.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(seconds);
  expect(refused.body).toEqual({ success: false, message: tooManyRequests(wait), code: 'request.too_many' });
  expect(refused.headers.get('cache-control')).toBe('no-store');
  expect((await api.get('/some/page', from(address))).status).toBe(429);
};
