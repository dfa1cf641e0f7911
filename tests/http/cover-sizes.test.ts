import sharp from 'sharp';
import { TOKENS } from '../../adapters/di/tokens';
import { COVER_FORMATS, coverSizeAddress, coverWidths, uploadedCoverOf } from '../../core/catalog/domain/cover-sizes';
import { aProductForm, multipart, signedInAdmin } from '../support/admin';
import { RunningStore, startStore } from '../support/http';
import { aPhoto, aPng } from '../support/images';

const TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;
const FORMATS_READ = { avif: 'heif', webp: 'webp', jpg: 'jpeg' } as const;

/** The covers' sizes as the browser fetches them (issue 22, item 6). */
describe('cover sizes over HTTP', () => {
  let api: RunningStore;
  beforeAll(async () => {
    api = await startStore([]);
  });
  afterAll(() => api.close());

  it('serves every size of an uploaded cover with its type, for a year, and the product holds the address naming its size', async () => {
    const admin = await signedInAdmin(api);
    const created = await admin.form('/api/backendproduct/addnew', multipart(aProductForm(), [{ field: 'coversFiles', name: 'front.jpg', bytes: await aPhoto(600, 800, { gps: true }), type: 'image/jpeg' }]));
    expect(created.status).toBe(201);
    const [address] = (await api.get(`/api/backendproduct/details/${created.body.id}`)).body.productDetails.covers as string[];
    const cover = uploadedCoverOf(address!)!;
    expect([cover.width, cover.height]).toEqual([600, 800]);
    for (const width of coverWidths(cover.width))
      for (const format of COVER_FORMATS) {
        const answer = await fetch(api.url + coverSizeAddress(cover.stem, width, format));
        expect([answer.status, answer.headers.get('content-type'), answer.headers.get('cache-control'), answer.headers.get('content-security-policy')]).toEqual([
          200,
          TYPES[format],
          'public, max-age=31536000, immutable',
          "default-src 'none'; sandbox",
        ]);
        const facts = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
        expect([facts.format, facts.width, facts.height, facts.exif]).toEqual([FORMATS_READ[format], width, Math.round((width * 4) / 3), undefined]);
      }
    const head = await fetch(api.url + coverSizeAddress(cover.stem, 210, 'avif'), { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), Number(head.headers.get('content-length'))]).toEqual([200, 'image/avif', expect.any(Number)]);
  });

  it('makes the sizes of a cover uploaded before sizes were made on the first request, then serves them as kept', async () => {
    const older = '0123456789abcdef01234567';
    await api.store.get(TOKENS.FileStorage).put(`covers/${older}.png`, (async function* () { yield aPng(500, 700); })(), { contentType: 'image/png', visibility: 'public' });
    const first = await fetch(`${api.url}/uploads/${older}-340w.webp`);
    expect([first.status, first.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect((await sharp(Buffer.from(await first.arrayBuffer())).metadata()).width).toBe(340);
    expect(await api.store.get(TOKENS.FileStorage).stat(`covers/${older}-680w.avif`)).toMatchObject({ contentType: 'image/avif', visibility: 'public' });
    const original = await fetch(`${api.url}/uploads/${older}.png`);
    expect(Buffer.from(await original.arrayBuffer())).toEqual(aPng(500, 700));
  });

  it('answers 404 to a size no cover has, of a cover not there, and to any other name', async () => {
    for (const path of [
      `/uploads/0123456789abcdef01234567-333w.avif`,
      `/uploads/fedcba9876543210fedcba98-210w.avif`,
      `/uploads/fedcba9876543210fedcba98-210w.png`,
      `/uploads/fedcba9876543210fedcba98-0w.avif`,
      `/uploads/fedcba9876543210fedcba98-210x280.avif`,
      `/uploads/fedcba9876543210fedcba98-210w.avif/`,
      `/uploads/..%2Ffedcba9876543210fedcba98-210w.avif`,
    ])
      expect([path, (await fetch(api.url + path)).status]).toEqual([path, 404]);
  });
});
