import { Argon2Hasher } from '../../adapters/identity/argon2-hasher';
import { NoTurnLeft, Turns } from '../../adapters/identity/turns';

/** A hash the test finishes when it likes, recording how many ran at once. */
const gate = () => {
  let running = 0;
  let most = 0;
  const finishers: (() => void)[] = [];
  const work = (value: string) => async () => {
    running++;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => finishers.push(resolve));
    running--;
    return value;
  };
  const finishOne = async () => {
    finishers.shift()!();
    // Lets the finished hash hand its place over and the next one start.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { work, finishOne, most: () => most, started: () => finishers.length };
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('turns, as password hashes and sign-in calls take them', () => {
  it('runs at most `atOnce` at once, lets `waiting` more wait in order, and refuses the rest at once', async () => {
    const queue = new Turns(2, 3);
    const hashes = gate();
    const results = ['a', 'b', 'c', 'd', 'e', 'f'].map((v) => queue.run(hashes.work(v)).then((r) => r, (e: unknown) => e));
    await settle();
    expect(queue.load).toEqual({ running: 2, waiting: 3 });
    expect(hashes.started()).toBe(2);
    expect(await results[5]).toBeInstanceOf(NoTurnLeft);
    for (let n = 0; n < 5; n++) await hashes.finishOne();
    expect(await Promise.all(results.slice(0, 5))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(hashes.most()).toBe(2);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the place of failed work to the next', async () => {
    const queue = new Turns(1, 1);
    const failed = queue.run(() => Promise.reject(new Error('binding failed')));
    const next = queue.run(() => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('binding failed');
    expect(await next).toBe('next');
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('lets work whose client left give its place back, never running it', async () => {
    const queue = new Turns(1, 1);
    const hashes = gate();
    const first = queue.run(hashes.work('first'));
    const left = new AbortController();
    let ran = false;
    const abandoned = queue.run(async () => (ran = true), left.signal).then((r) => r, (e: unknown) => e);
    await settle();
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    left.abort();
    expect(await abandoned).toBeInstanceOf(NoTurnLeft);
    expect(queue.load).toEqual({ running: 1, waiting: 0 });
    const next = queue.run(hashes.work('next'));
    await hashes.finishOne();
    await hashes.finishOne();
    expect(await Promise.all([first, next])).toEqual(['first', 'next']);
    expect(ran).toBe(false);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('shares the queue out by address: one address holds at most `perKey` places, others still get theirs', async () => {
    const queue = new Turns(1, 10, { perKey: 2 });
    const hashes = gate();
    const flood = ['a', 'b', 'c'].map((v) => queue.run(hashes.work(v), undefined, '203.0.113.7').then((r) => r, (e: unknown) => e));
    const other = queue.run(hashes.work('other'), undefined, '198.51.100.1');
    expect(await flood[2]).toBeInstanceOf(NoTurnLeft);
    await settle();
    expect(queue.load).toEqual({ running: 1, waiting: 2 });
    for (let n = 0; n < 3; n++) await hashes.finishOne();
    expect(await Promise.all([flood[0], flood[1], other])).toEqual(['a', 'b', 'other']);
    // Its places are given back: the address may take turns again.
    const again = queue.run(async () => 'again', undefined, '203.0.113.7');
    expect(await again).toBe('again');
  });

  it('rests after each turn as long as its work took, so the work never takes more than half the time', async () => {
    const queue = new Turns(1, 10, { restRatio: 1 });
    // Each work's own start and end: a loaded machine makes the timers late, never early, so only
    // lower bounds and orders are asserted.
    const work = async () => {
      const start = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 60));
      return { start, end: Date.now() };
    };
    let firstAnswered = 0;
    const [first, second] = await Promise.all([queue.run(work).then((span) => ((firstAnswered = Date.now()), span)), queue.run(work)]);
    // The first answers as soon as its work is done, before the second begins.
    expect(firstAnswered).toBeLessThanOrEqual(second.start);
    // The second begins after the first's rest, as long as the first's work took (Date.now counts whole milliseconds).
    expect(second.start - first.end).toBeGreaterThanOrEqual(first.end - first.start - 1);
    expect(second.start - first.end).toBeGreaterThanOrEqual(59);
  });

  it('refuses a queue that could run nothing', () => {
    expect(() => new Turns(0)).toThrow();
  });
});

describe('Argon2id through the queue', () => {
  const CHEAP = { memoryCost: 1024, timeCost: 1 };

  it('hashes and checks passwords, and reads a malformed stored hash as no match', async () => {
    const hasher = new Argon2Hasher(CHEAP, new Turns(1));
    const stored = await hasher.hash('Secret12');
    expect(await hasher.verify('Secret12', stored)).toBe(true);
    expect(await hasher.verify('Secret13', stored)).toBe(false);
    expect(await hasher.verify('Secret12', undefined)).toBe(false);
    expect(await hasher.verify('Secret12', 'not a hash')).toBe(false);
  });

  it('with one place, runs one check at a time and refuses a check the queue cannot hold (not a wrong password)', async () => {
    const queue = new Turns(1, 1);
    const hasher = new Argon2Hasher(CHEAP, queue);
    const stored = await new Argon2Hasher(CHEAP, new Turns(1)).hash('Secret12');
    const checks = [hasher.verify('Secret12', stored), hasher.verify('Wrong123', stored), hasher.verify('Secret12', stored)];
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    await expect(checks[2]).rejects.toBeInstanceOf(NoTurnLeft);
    expect(await Promise.all(checks.slice(0, 2))).toEqual([true, false]);
  });

  it('makes its decoy again when the queue refused it', async () => {
    const queue = new Turns(1, 0);
    const hasher = new Argon2Hasher(CHEAP, queue);
    const stored = await new Argon2Hasher(CHEAP).hash('Secret12');
    const holding = hasher.verify('Secret12', stored);
    // An unknown account's check needs the decoy, which cannot wait its turn.
    await expect(hasher.verify('Secret12', undefined)).rejects.toBeInstanceOf(NoTurnLeft);
    expect(await holding).toBe(true);
    expect(await hasher.verify('Secret12', undefined)).toBe(false);
  });
});
