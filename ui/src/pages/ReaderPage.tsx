import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { deliveryApi } from '../api/delivery';
import { Alert } from '../design/Alert';
import { Skeleton } from '../design/Skeleton';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import { PdfReader } from '../reader/PdfReader';

/** How long the reader waits after a page turn before keeping it: a fast reader's flicks make one call. */
export const SAVE_PAGE_AFTER_MS = 800;

type State =
  | { readonly kind: 'loading' }
  | { readonly kind: 'open'; readonly url: string; readonly name: string; readonly page: number }
  | { readonly kind: 'signed-out' }
  /** `message`: the server's, else none (the page says its own). */
  | { readonly kind: 'failed'; readonly message?: string };

/**
 * /reader/:orderId/:productId/:fileId: a PDF the visitor owns, read in the browser (issue 19), for
 * an account or a guest's library session. The file comes through the buyer's own reader link
 * (range requests, logged as reading, never counted as a download), and the last page read is kept
 * on the server, so the book reopens there on any device. pdf.js loads with this page only.
 */
export default function ReaderPage() {
  const { orderId = '', productId = '', fileId = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const { t } = useTranslation('account');
  useDocumentMeta(state.kind === 'open' ? state.name : t('reader.meta'));

  useEffect(() => {
    let current = true;
    Promise.all([deliveryApi.readLink(orderId, productId, fileId), deliveryApi.readingPage(orderId, productId, fileId)]).then(
      ([link, page]) => current && setState({ kind: 'open', url: link.url, name: link.name, page }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401) return setState({ kind: 'signed-out' });
        setState({ kind: 'failed', message: error instanceof ApiError && error.fromServer ? error.message : undefined });
      },
    );
    return () => {
      current = false;
    };
  }, [orderId, productId, fileId]);

  const kept = useRef<number | undefined>(undefined);
  const waiting = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onPage = useCallback(
    (page: number) => {
      if (kept.current === undefined) kept.current = page;
      clearTimeout(waiting.current);
      if (page === kept.current) return;
      waiting.current = setTimeout(() => {
        kept.current = page;
        // A page not kept is no loss worth telling the reader about: the next turn tries again.
        deliveryApi.saveReadingPage(orderId, productId, fileId, page).catch(() => (kept.current = undefined));
      }, SAVE_PAGE_AFTER_MS);
    },
    [orderId, productId, fileId],
  );
  useEffect(() => () => clearTimeout(waiting.current), []);

  let body;
  if (state.kind === 'loading') body = <Skeleton style={{ height: '60vh', borderRadius: '16px' }} />;
  else if (state.kind === 'signed-out')
    body = (
      <Alert tone="info">
        <p>{t('reader.signedOut')}</p>
        <p>
          <Link to="/user/login">{t('reader.signIn')}</Link> · <Link to="/library">{t('reader.library')}</Link>
        </p>
      </Alert>
    );
  else if (state.kind === 'failed')
    body = (
      <Alert tone="error">
        <p dir="auto">{state.message ?? t('reader.loadFailed')}</p>
      </Alert>
    );
  else body = <PdfReader url={state.url} title={state.name} startPage={state.page} onPage={onPage} />;

  return (
    <div className="container page reader-page">
      <div className="page-header">
        <h1 dir={state.kind === 'open' ? 'auto' : undefined}>{state.kind === 'open' ? state.name : t('reader.title')}</h1>
      </div>
      {body}
    </div>
  );
}
