import { samplePdf, sampleEpub } from '../../adapters/persistence/seed/sample-files';
import { ENCRYPTED_PDF } from '../../adapters/stamping/pdf-stamper';
import { FileStamper } from '../../adapters/stamping/stamper';
import { ThreadStamper } from '../../adapters/stamping/stamping-thread';
import { left, right } from '../support/either';
import { encryptedPdf } from '../support/pdf-fixtures';

/**
 * The store's Stamper (adapters/stamping/stamping-thread.ts): FileStamper's work, done on a thread
 * of its own. The stamping itself is checked in pdf-stamper and epub-stamper; here, that the thread
 * gives the very same answers and leaves the caller's thread free meanwhile.
 */
describe('stamping on a thread of its own', () => {
  const buyer = { email: 'hana@mail.test', orderNumber: 'a1b2c3' };
  const book = { title: 'Clinical Endodontics in Practice', author: 'Dr. Hana Ali' };

  it('gives the same bytes as stamping in place, for a PDF and an EPUB', async () => {
    const [pdf, epub] = [await samplePdf(book, 30), await sampleEpub(book)];
    const inPlace = [right(await new FileStamper().stamp('pdf', pdf.slice(), buyer)), right(await new FileStamper().stamp('epub', epub.slice(), buyer))];
    const onThread = [right(await new ThreadStamper().stamp('pdf', pdf.slice(), buyer)), right(await new ThreadStamper().stamp('epub', epub.slice(), buyer))];
    expect(Buffer.from(onThread[0]!).equals(Buffer.from(inPlace[0]!))).toBe(true);
    expect(Buffer.from(onThread[1]!).equals(Buffer.from(inPlace[1]!))).toBe(true);
  });

  it('answers a file it cannot stamp with the same message', async () => {
    expect(left(await new ThreadStamper().stamp('pdf', await encryptedPdf(), buyer)).message).toBe(ENCRYPTED_PDF);
  });

  it('takes a view into a larger buffer, and keeps the caller\'s thread turning while it works', async () => {
    const pdf = await samplePdf(book, 400);
    const inBigger = new Uint8Array(pdf.length + 10);
    inBigger.set(pdf, 5);
    let [last, longestGap] = [Date.now(), 0];
    const ticking = setInterval(() => {
      longestGap = Math.max(longestGap, Date.now() - last);
      last = Date.now();
    }, 5);
    try {
      right(await new ThreadStamper().stamp('pdf', inBigger.subarray(5, 5 + pdf.length), buyer));
    } finally {
      clearInterval(ticking);
    }
    // Stamping these 400 pages in place stops the caller's thread for about 360 ms at a time; here
    // the timer keeps its turns (about 20 ms at most).
    expect(longestGap).toBeLessThan(250);
  });
});
