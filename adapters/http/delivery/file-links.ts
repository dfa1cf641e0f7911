import { createHmac, timingSafeEqual } from 'node:crypto';
import { pathOf } from '../../../api/calls';
import { ServePurpose } from '../../../core/delivery/domain/downloads';

/** Who a link was made for (`holderKey`: an account or a library's address), why, and for which file of which line. */
export interface FileLinkSubject {
  readonly holder: string;
  readonly purpose: ServePurpose;
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
 * The links of the Orders section's and the library's files (issue 19): signed with a store secret
 * for one holder (an account, or a guest library's address), one purpose (a download, or the
 * reader's), order, line and file, for a while. A copied link works for no one else (the route also
 * checks the request's own account or library) and not for long; the next click makes another.
 * A reader's link names its purpose in the address, so the same route serves it and logs it as reading.
 */
export const fileLinks = (secret: string): FileLinks => {
  const sign = (s: FileLinkSubject, expires: number) =>
    createHmac('sha256', secret).update(`file|${s.purpose}|${s.holder}|${s.orderId}|${s.productId}|${s.fileId}|${expires}`).digest('base64url');
  return {
    linkTo(subject, expiresAt) {
      const expires = expiresAt.getTime();
      const path = `/api${pathOf('fileDownload', { orderId: subject.orderId, productId: subject.productId, fileId: subject.fileId })}`;
      const purpose = subject.purpose === 'read' ? 'purpose=read&' : '';
      return `${path}?${purpose}expires=${expires}&sig=${sign(subject, expires)}`;
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
