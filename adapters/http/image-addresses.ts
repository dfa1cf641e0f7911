/**
 * The shapes the editor's image fields arrive in (spec 3, 'Editor form image fields'): a JSON
 * string, a list of strings, a list of objects with a `url`, or a comma-separated string, and any
 * mix of them (one multipart entry per address, each possibly JSON). All become one list of
 * addresses; whether each is an acceptable address is the core's rule (productFieldsOf).
 */

/** Far above the core's 20 entries: bounds the work on a hostile value, not the form. */
const MAX_ADDRESSES = 200;
/** A JSON string inside a list inside a JSON string is as deep as any client nests them. */
const MAX_DEPTH = 3;

const looksLikeJson = (text: string) => /^[[{"]/.test(text);

const fromText = (text: string, depth: number): string[] | undefined => {
  const trimmed = text.trim();
  if (looksLikeJson(trimmed) && depth < MAX_DEPTH) {
    try {
      return addressesIn(JSON.parse(trimmed), depth + 1);
    } catch {
      // Not JSON after all: an address list as typed, which the core then judges.
    }
  }
  return trimmed.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
};

const addressesIn = (value: unknown, depth: number): string[] | undefined => {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return fromText(value, depth);
  if (Array.isArray(value)) {
    if (value.length > MAX_ADDRESSES) return undefined;
    const all: string[] = [];
    for (const entry of value) {
      // Entries are addresses or objects with one; a list inside a list is no shape of the form.
      if (Array.isArray(entry)) return undefined;
      const found = addressesIn(entry, depth);
      if (!found) return undefined;
      all.push(...found);
    }
    return all;
  }
  if (typeof value === 'object' && typeof (value as { url?: unknown }).url === 'string') return fromText((value as { url: string }).url, MAX_DEPTH);
  return undefined;
};

/** The list of image addresses a field holds, or undefined when it holds something else (a number, an object without url). */
export const imageAddresses = (value: unknown): string[] | undefined => {
  const found = addressesIn(value, 0);
  return found && found.length <= MAX_ADDRESSES ? found : undefined;
};
