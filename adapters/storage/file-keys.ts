import { FileKey, isFileKey } from '../../core/delivery/ports/file-storage';

/**
 * Every adapter refuses a name that is not a FileKey before it touches anything: a caller's mistake
 * (or a visitor's text slipped through) must never name a path or an object outside the store's own.
 */
export const checkedKey = (key: string): FileKey => {
  if (!isFileKey(key)) throw new TypeError(`Not a file key: ${JSON.stringify(key).slice(0, 200)}`);
  return key;
};

/** A range must lie within the file (FileStorage.read): no adapter answers part of one that does not. */
export const isRangeWithin = (range: { start: number; end: number }, size: number): boolean =>
  Number.isSafeInteger(range.start) && Number.isSafeInteger(range.end) && range.start >= 0 && range.end >= range.start && range.end < size;
