/** One answer of Paymob's API, or the reason there was none worth reading (time-out, network, 5xx). */
export type Reply =
  | { readonly kind: 'answer'; readonly status: number; readonly body: unknown }
  | { readonly kind: 'unreachable'; readonly reason: string };

const bodyOf = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Sends one request; never throws: a time-out, a refused connection or a 5xx is `unreachable`. */
export const call = async (
  method: 'GET' | 'POST',
  url: string,
  timeoutMs: number,
  { body, authorization }: { readonly body?: unknown; readonly authorization?: string } = {},
): Promise<Reply> => {
  try {
    const response = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(authorization ? { authorization } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (response.status >= 500) return { kind: 'unreachable', reason: `Paymob answered ${response.status}.` };
    return { kind: 'answer', status: response.status, body: bodyOf(text) };
  } catch (error) {
    // The abort is a DOMException, which need not be an Error of this realm.
    const name = error !== null && typeof error === 'object' && 'name' in error ? error.name : undefined;
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    return { kind: 'unreachable', reason: timedOut ? `Paymob did not answer within ${timeoutMs} ms.` : 'Paymob could not be reached.' };
  }
};

export const postJson = (url: string, body: unknown, timeoutMs: number, authorization?: string): Promise<Reply> =>
  call('POST', url, timeoutMs, { body, authorization });

export const isOk = (reply: Reply): reply is { kind: 'answer'; status: number; body: unknown } =>
  reply.kind === 'answer' && reply.status >= 200 && reply.status < 300;

/** A field of a JSON answer, when the answer is an object. */
export const field = (body: unknown, name: string): unknown =>
  body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

/**
 * Paymob's own words about a refusal (`detail`, `message`, or a field's first error), short, for
 * the operator's log and the admin's message; never the whole answer.
 */
export const refusalText = (body: unknown): string | undefined => {
  const first = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return first(value[0]);
    if (value !== null && typeof value === 'object') {
      const [name, inner] = Object.entries(value)[0] ?? [];
      const text = first(inner);
      return name && text ? `${name}: ${text}` : text;
    }
    return undefined;
  };
  const text = first(field(body, 'detail')) ?? first(field(body, 'message')) ?? first(body);
  return text?.slice(0, 200);
};

/** Why a call gave nothing usable, in one sentence. */
export const refused = (reply: Reply, what: string): string => {
  if (reply.kind === 'unreachable') return reply.reason;
  const text = refusalText(reply.body);
  return `Paymob refused ${what} (${reply.status})${text ? `: ${text}` : '.'}`;
};
