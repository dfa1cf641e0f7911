import { ImageSizeReader } from '../../adapters/uploads/image-size-reader';
import { aGif, aJpeg, aPng, aTextFile, aWebp, anSvgWithScript } from '../support/images';

describe('ImageSizeReader', () => {
  const reader = new ImageSizeReader();

  it('reads the format and size of JPG, PNG, GIF and WebP from their content', () => {
    expect(reader.factsOf(aPng(4, 3))).toEqual({ format: 'png', width: 4, height: 3 });
    expect(reader.factsOf(aJpeg())).toEqual({ format: 'jpg', width: 8, height: 6 });
    expect(reader.factsOf(aGif())).toEqual({ format: 'gif', width: 1, height: 1 });
    expect(reader.factsOf(aWebp())).toEqual({ format: 'webp', width: 2, height: 2 });
  });

  it('reads a pixel flood from its header without decoding it', () => {
    expect(reader.factsOf(aPng(50_000, 50_000, { pixels: false }))).toEqual({ format: 'png', width: 50_000, height: 50_000 });
  });

  it('says what an SVG is, for the rules to refuse it', () => {
    expect(reader.factsOf(anSvgWithScript())).toMatchObject({ format: 'svg' });
  });

  it('answers nothing for what it does not know, and never throws', () => {
    for (const bytes of [aTextFile(), new Uint8Array(), Uint8Array.from([0xff, 0xd8, 0xff]), aPng().subarray(0, 20), Buffer.from('GIF89a'), Buffer.from('RIFF')])
      expect(reader.factsOf(bytes)).toBeUndefined();
  });
});
