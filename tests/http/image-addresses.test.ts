import { imageAddresses } from '../../adapters/http/image-addresses';

describe('the image fields of the editor form', () => {
  const a = 'https://img.test/a.jpg';
  const b = '/uploads/0123456789abcdef01234567.png';

  it.each([
    ['a JSON string of a list', JSON.stringify([a, b])],
    ['a JSON string of objects with url', JSON.stringify([{ url: a }, { url: b, name: 'b.png' }])],
    ['a list of strings', [a, b]],
    ['a list of objects with url', [{ url: a }, { url: b }]],
    ['a comma-separated string', ` ${a} ,${b}, `],
    ['entries, each JSON or plain', [JSON.stringify([a]), b]],
    ['one object with url', [{ url: a }, b]],
  ])('normalises %s to a list of addresses', (_shape, value) => {
    expect(imageAddresses(value)).toEqual([a, b]);
  });

  it('reads nothing as no address', () => {
    for (const value of [undefined, null, '', '  ', [], '[]', ',,']) expect(imageAddresses(value)).toEqual([]);
  });

  it('keeps what looks like JSON but is not, for the core to judge', () => {
    expect(imageAddresses('[not json')).toEqual(['[not json']);
    expect(imageAddresses('"https://img.test/a.jpg"')).toEqual([a]);
  });

  it('refuses values of no shape of the form', () => {
    for (const value of [42, true, { src: a }, [a, 7], [[a]], [{ url: 3 }], JSON.stringify([{ href: a }]), Array(201).fill(a)])
      expect(imageAddresses(value)).toBeUndefined();
  });

  it('stops at a bounded depth of JSON inside JSON', () => {
    let nested: string = JSON.stringify([a]);
    for (let i = 0; i < 10; i++) nested = JSON.stringify(nested);
    const found = imageAddresses(nested);
    expect(found).toHaveLength(1);
    expect(found![0]).not.toBe(a);
  });
});
