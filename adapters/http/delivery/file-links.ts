import { createHmac, timingSafeEqual } from 'node:crypto';
import { pathOf } from '../../../api/calls';

/** Who a link was made for, and for which file of which line. */
export interface FileLinkSubject {
  readonly userId: string;
  readonly orderId: string;
  readonly productId: string;
  readonly fileId: string;
}

export interface FileLinks {
  linkTo(subject: FileLinkSubject, expiresAt: Date): string;
  /** 'good' for a link signed for this subject and in its time; 'expired' once signed but late; else 'forged'. */
  check(subject: FileLinkSubject, query: { expires?: unknown; sig?: unknown }, now: Date): 'good' | 'expired' | 'forged';
}

/**
 * The links of the Orders section's files (issue 19): signed with a store secret for one buyer,
 * order, line and file, for minutes. A copied link works for no one else (the route also checks the
 * session's buyer) and not for long; the next click makes another.
 */
export const fileLinks = (secret: string): FileLinks => {
  const sign = (s: FileLinkSubject, expires: number) =>
    createHmac('sha256', secret).update(`file|${s.userId}|${s.orderId}|${s.productId}|${s.fileId}|${expires}`).digest('base64url');
  return {
    linkTo(subject, expiresAt) {
      const expires = expiresAt.getTime();
      const path = `/api${pathOf('fileDownload', { orderId: subject.orderId, productId: subject.productId, fileId: subject.fileId })}`;
      return `${path}?expires=${expires}&sig=${sign(subject, expires)}`;
    },
    check(subject, { expires, sig }, now) {
      if (typeof expires !== 'string' || !/^\d{1,15}$/.test(expires) || typeof sig !== 'string') return 'forged';
      const expected = Buffer.from(sign(subject, Number(expires)));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
      return Number(expires) <= now.getTime() ? 'expired' : 'good';
    },
  };
};
