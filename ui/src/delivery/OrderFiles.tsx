import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router-dom';
import { STORE_PAGES } from '../../../core/location/domain/store-pages';
import { ApiError } from '../api/client';
import { deliveryApi, sizeText } from '../api/delivery';
import { leavePage } from '../checkout/leavePage';
import './delivery.css';

export interface LineFilesData {
  files: { _id: string; name: string; kind: string; size: number; preparing?: boolean }[];
  used: number;
  limit: number;
}

/** The reader page of one file of one line (a PDF): for its account or its library session. */
export const readerPath = (orderId: string, productId: string, fileId: string) =>
  STORE_PAGES.reader.replace(':orderId', encodeURIComponent(orderId)).replace(':productId', encodeURIComponent(productId)).replace(':fileId', encodeURIComponent(fileId));

/**
 * A delivered line's own files in the Orders section (issue 19). Each click asks the store for a
 * fresh link for this buyer and file (valid minutes), then the browser follows it. A PDF also opens
 * in the reader. The profile's Orders section and a guest's library both list files through this.
 */
export function OrderFiles({ orderId, productId, title, line }: { orderId: string; productId: string; title: string; line: LineFilesData }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const left = Math.max(line.limit - line.used, 0);
  const { t } = useTranslation('account');

  const download = async (fileId: string) => {
    setBusy(fileId);
    setProblem(null);
    try {
      leavePage(await deliveryApi.fileLink(orderId, productId, fileId));
    } catch (error) {
      setProblem(error instanceof ApiError && error.fromServer ? error.message : t('files.linkFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="order__files">
      <ul className="order__file-list" aria-label={t('files.ofTitle', { title })}>
        {line.files.map((file) => (
          <li key={file._id} className="order__file">
            <button type="button" className="btn btn--secondary btn--sm" disabled={busy !== null} onClick={() => void download(file._id)} aria-label={t('files.downloadName', { name: file.name })}>
              {busy === file._id ? t('files.starting') : t('files.download')}
            </button>
            {file.kind === 'pdf' && !file.preparing ? (
              <Link className="btn btn--ghost btn--sm" to={readerPath(orderId, productId, file._id)} aria-label={t('files.readName', { name: file.name })}>
                {t('files.read')}
              </Link>
            ) : null}
            <span className="order__file-name" dir="auto">{file.name}</span>
            <bdi className="order__file-size">{file.kind.toUpperCase()} · {sizeText(file.size)}</bdi>
            {/* A PDF or EPUB just paid for: the buyer's own stamped copy is made by a job, in a minute or two. */}
            {file.preparing ? <span className="order__file-preparing">{t('files.preparing')}</span> : null}
          </li>
        ))}
      </ul>
      <p className="order__file-count">
        {t('files.left', { count: left, limit: line.limit })}
      </p>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
