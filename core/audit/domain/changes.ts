import { Json } from './audit';

/** One difference between an entry's before and after: where (a path of keys), and the two values. */
export interface Change {
  readonly path: string;
  readonly before?: Json;
  readonly after?: Json;
}

const isRecord = (value: Json | undefined): value is { readonly [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What changed from `before` to `after`, key by key (nested objects by their paths, `cover.url`);
 * lists and plain values are compared whole. An absent side is left out: an added field has no
 * before, a removed one no after. Keys in the order the after (then the before) has them.
 */
export const changesOf = (before: Json | undefined, after: Json | undefined, path = ''): Change[] => {
  if (same(before, after)) return [];
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
    return keys.flatMap((key) => changesOf(before[key], after[key], path ? `${path}.${key}` : key));
  }
  return [{ path, ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) }];
};
