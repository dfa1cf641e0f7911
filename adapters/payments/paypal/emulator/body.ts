import { ParameterizedContext } from 'koa';

export type BodyContext = ParameterizedContext;

const LIMIT = 1024 * 1024;

/** The body as text; a parser the host app runs before the router (koa-body) may have read it already. */
const readText = async (ctx: BodyContext): Promise<string | Record<string, unknown> | undefined> => {
  const parsed = (ctx.request as { body?: unknown }).body;
  if (typeof parsed === 'string') return parsed;
  if (typeof parsed === 'object' && parsed !== null) return parsed as Record<string, unknown>;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > LIMIT) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
};

/** The JSON body, or undefined when it is not JSON. An empty body is an empty object, as PayPal takes it. */
export const readJson = async (ctx: BodyContext): Promise<unknown> => {
  const body = await readText(ctx);
  if (typeof body !== 'string') return body;
  if (body.trim() === '') return {};
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
};

export const readForm = async (ctx: BodyContext): Promise<URLSearchParams | undefined> => {
  const body = await readText(ctx);
  if (body === undefined) return undefined;
  if (typeof body === 'string') return new URLSearchParams(body);
  return new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]));
};
