/**
 * `BENCH_DATABASE_URL=postgres://… tsx bench/coupon-race-alone.ts`: the coupon race on its own, against
 * a store composed in this process on that database (one product, the benchmark admin): no large
 * catalogue, no seeded orders, for a quick check of what `npm run bench` prints after the back office.
 */
import { AddressInfo } from 'node:net';
import { composeStore } from '../adapters/di/container';
import { TOKENS } from '../adapters/di/tokens';
import { createStoreServer } from '../adapters/http/server-limits';
import { NewProduct } from '../core/catalog/domain/product';
import { egp, usd } from '../core/shared/money';
import { BENCH_ADMIN } from './back-office';
import { couponRaceLine, measureCouponRace } from './coupon-race';
import { benchConfig } from './seed';

const PRODUCT = 'c0a000000000000000000001';
const RACE_ATLAS: NewProduct = {
  _id: PRODUCT,
  title: 'Race Atlas',
  author: ['Bench'],
  description: 'For the coupon race.',
  covers: ['/covers/generic-0.svg'],
  smallCover: ['/covers/generic-0.svg'],
  price: usd(4000),
  egpprice: egp(200_000),
  category: 'books',
  subcategory: ['Endodontics'],
  size: 1,
  Pages: 1,
  Language: 'English',
  format: 'pdf',
  year: '2026',
  producturl: 'https://downloads.example.com/race.pdf',
  downloadpass: 'race',
};

const main = async () => {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL database');
  const server = createStoreServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = await composeStore({ ...benchConfig(url), port: (server.address() as AddressInfo).port, publicUrl: base });
  try {
    server.on('request', store.app.callback());
    const catalog = store.get(TOKENS.CatalogWriter);
    if (!(await store.get(TOKENS.Catalog).findById(PRODUCT))) await catalog.addMany([RACE_ATLAS]);
    const admin = await store.get(TOKENS.AdminAtStart).ensure(BENCH_ADMIN)();
    if (admin._tag === 'Left') throw new Error(admin.left.message);
    const signedIn = await fetch(`${base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN) });
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('sid='))?.split(';')[0] ?? '';
    console.log(couponRaceLine(await measureCouponRace(base, cookie, PRODUCT)));
  } finally {
    server.closeAllConnections();
    server.close();
    await store.close();
  }
};

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
