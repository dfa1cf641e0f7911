/**
 * Punycode (RFC 3492): any Unicode label written with the letters a-z, the digits and '-', and read
 * back without loss. It is how DNS carries an internationalised domain ('مصر' is 'xn--wgbh1c'), so
 * the stamp writes non-ASCII parts of an address with it rather than with characters a font may lack.
 */
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;

const adapt = (delta: number, points: number, first: boolean): number => {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return Math.floor(k + ((BASE - T_MIN + 1) * d) / (d + SKEW));
};

const digit = (d: number): string => String.fromCharCode(d < 26 ? 97 + d : 22 + d);

/** The Punycode of `label` without the 'xn--' prefix ('josé' is 'jos-dma'). */
export const punycode = (label: string): string => {
  const points = Array.from(label, (c) => c.codePointAt(0)!);
  let output = points.filter((p) => p < 0x80).map((p) => String.fromCharCode(p)).join('');
  const basic = output.length;
  if (basic > 0) output += '-';
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  for (let handled = basic; handled < points.length; n++, delta++) {
    const next = Math.min(...points.filter((p) => p >= n));
    delta += (next - n) * (handled + 1);
    n = next;
    for (const p of points) {
      if (p < n) delta++;
      if (p !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
        if (q < t) break;
        output += digit(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      output += digit(q);
      bias = adapt(delta, handled + 1, handled === basic);
      delta = 0;
      handled++;
    }
  }
  return output;
};
