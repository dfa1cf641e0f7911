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

/** POSTs JSON; never throws: a time-out, a refused connection or a 5xx is `unreachable`. */
export const postJson = async (url: string, body: unknown, timeoutMs: number, bearer?: string): Promise<Reply> => {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify(body),
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

export const isOk = (reply: Reply): reply is { kind: 'answer'; status: number; body: unknown } =>
  reply.kind === 'answer' && reply.status >= 200 && reply.status < 300;

/** A field of a JSON answer, when the answer is an object. */
export const field = (body: unknown, name: string): unknown =>
  body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
