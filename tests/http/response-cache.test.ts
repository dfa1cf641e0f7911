import { ResponseCache } from '../../adapters/http/response-cache';

const body = (text: string) => Buffer.from(text);

describe('ResponseCache', () => {
  it('keeps an answer when it is made, unless the cache was cleared meanwhile', () => {
    const cache = new ResponseCache({ answers: 10, megabytes: 1 });
    cache.set('a', body('A'), cache.mark());
    const since = cache.mark();
    cache.clear();
    cache.set('b', body('B'), since);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    cache.set('b', body('B'), cache.mark());
    expect(cache.get('b')?.toString()).toBe('B');
  });

  it('with keepWhenAskedAgain, keeps an answer the second time it is made, not the first', () => {
    const cache = new ResponseCache({ answers: 10, megabytes: 1, keepWhenAskedAgain: true });
    cache.set('once', body('1'), cache.mark());
    cache.set('twice', body('2'), cache.mark());
    expect(cache.get('once')).toBeUndefined();
    expect(cache.get('twice')).toBeUndefined();
    cache.set('twice', body('2'), cache.mark());
    expect(cache.get('twice')?.toString()).toBe('2');
    expect(cache.get('once')).toBeUndefined();
  });
});
