import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The download links of the profile's Orders section: a link of this store, signed for one owner,
 * order and product, that expires. The route still checks the signed-in owner (DECISIONS 13); the
 * signature keeps a link copied out of the page from working for long or for anyone else.
 */
export const DOWNLOAD_LINK_LIFE_MS = 30 * 60_000;

export interface DownloadLinks {
  linkTo(userId: string, orderId: string, productId: string, now: Date): string;
  /** Whether the link's query (`expires`, `sig`) was signed for this owner, order and product and is still good. */
  holds(userId: string, orderId: string, productId: string, query: { expires?: unknown; sig?: unknown }, now: Date): boolean;
}

export const downloadLinks = (secret: string): DownloadLinks => {
  const sign = (userId: string, orderId: string, productId: string, expires: number) =>
    createHmac('sha256', secret).update(`${userId}|${orderId}|${productId}|${expires}`).digest('base64url');
  return {
    linkTo(userId, orderId, productId, now) {
      const expires = now.getTime() + DOWNLOAD_LINK_LIFE_MS;
      const path = `/api/orders/${encodeURIComponent(orderId)}/download/${encodeURIComponent(productId)}`;
      return `${path}?expires=${expires}&sig=${sign(userId, orderId, productId, expires)}`;
    },
    holds(userId, orderId, productId, { expires, sig }, now) {
      if (typeof expires !== 'string' || !/^\d{1,15}$/.test(expires) || typeof sig !== 'string') return false;
      if (Number(expires) <= now.getTime()) return false;
      const expected = Buffer.from(sign(userId, orderId, productId, Number(expires)));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
};
