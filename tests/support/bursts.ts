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
