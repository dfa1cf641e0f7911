import { gunzipSync } from 'node:zlib';
import { ADDRESSES_PER_FILE, PROTOCOL_MAX_ADDRESSES, Sitemaps, escapeXml } from '../../adapters/http/sitemaps';
import { ResponseCache } from '../../adapters/http/response-cache';
import { MemoryCatalog } from '../../adapters/persistence/memory/memory-catalog';
import { SiteAddresses } from '../../core/catalog/use-cases/addresses';
import { aProduct } from '../support/products';

/** The sitemaps' files cut into pages, on the in-memory catalogue (the HTTP suite: sitemaps.test.ts). */
describe('the sitemaps\' files', () => {
  const origin = 'https://dental.example';
  const count = (xml: string, tag: string) => xml.split(`<${tag}>`).length - 1;
  const setUp = async (products: number, addressesPerFile: number) => {
    const catalog = new MemoryCatalog();
    const added = Array.from({ length: products }, () => aProduct());
    await catalog.addMany(added);
    const cache = new ResponseCache({ answers: 100, megabytes: 16 });
    const sitemaps = new Sitemaps(new SiteAddresses(catalog), cache, addressesPerFile);
    const read = async (path: string, zipped = false) => {
      const body = await sitemaps.file(path, origin, zipped);
      return body && (zipped ? gunzipSync(body) : body).toString('utf8');
    };
    return { catalog, added, cache, read };
  };

  it('keeps each file within the protocol\'s limit, and the index names each file with its latest change', async () => {
    expect(ADDRESSES_PER_FILE).toBeLessThanOrEqual(PROTOCOL_MAX_ADDRESSES);
    // Two products (eight addresses) a file: nine products make five files, the last of one product.
    const { added, read } = await setUp(9, 8);
    const index = (await read('/sitemap.xml'))!;
    const locs = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([`${origin}/sitemaps/pages.xml`, ...[1, 2, 3, 4, 5].map((n) => `${origin}/sitemaps/products-${n}.xml`)]);
    const lastmods = [...index.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1]);
    const byId = [...added].sort((a, b) => (a._id < b._id ? -1 : 1));
    expect(lastmods).toEqual([0, 2, 4, 6, 8].map((i) => [byId[i], byId[i + 1]].filter(Boolean).map((p) => p!.createdAt!).sort().at(-1)));
    const seen: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const file = (await read(`/sitemaps/products-${n}.xml`))!;
      expect(count(file, 'url')).toBe(n === 5 ? 4 : 8);
      seen.push(...[...file.matchAll(/<loc>[^<]*\/product\/([0-9a-f]+)<\/loc>/g)].map((m) => m[1]!));
    }
    expect([...new Set(seen)]).toEqual(byId.map((p) => p._id));
    expect(await read('/sitemaps/products-6.xml')).toBeUndefined();
  });

  it('makes the same file zipped, and keeps each until the catalogue changes', async () => {
    const { catalog, cache, read } = await setUp(3, 8);
    expect(await read('/sitemaps/products-1.xml', true)).toBe(await read('/sitemaps/products-1.xml'));
    expect(await read('/sitemaps/products-2.xml')).toBeDefined();
    const later = aProduct();
    await catalog.addMany([later]);
    expect(await read('/sitemaps/products-2.xml')).not.toContain(later._id);
    // What the change feed does on every change of the catalogue (adapters/di/container.ts).
    cache.clear();
    expect(await read('/sitemaps/products-2.xml')).toContain(later._id);
  });

  it('with no products, lists the pages alone', async () => {
    const { read } = await setUp(0, 8);
    expect(count((await read('/sitemap.xml'))!, 'sitemap')).toBe(1);
    expect(await read('/sitemaps/products-1.xml')).toBeUndefined();
  });

  it('escapes what XML would read as markup', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });
});
