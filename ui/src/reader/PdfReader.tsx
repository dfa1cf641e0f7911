import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import './reader.css';

GlobalWorkerOptions.workerSrc = workerUrl;

/** How much of the file each range request fetches: a page or two of a typical book, never the whole file. */
const RANGE_CHUNK = 256 * 1024;

interface Props {
  /** The buyer's own link to the file (served with range requests). */
  readonly url: string;
  readonly title: string;
  readonly startPage: number;
  /** Told of each page shown, so the last page read can be kept. */
  readonly onPage: (page: number) => void;
}

type Loading = { readonly kind: 'loading' } | { readonly kind: 'ready'; readonly pdf: PDFDocumentProxy } | { readonly kind: 'failed' };

/**
 * One page at a time, drawn to the width of the screen (375 px phones included). pdf.js asks the
 * link for the parts of the file each page needs, so a 300 MB book opens as fast as a small one.
 */
export function PdfReader({ url, title, startPage, onPage }: Props) {
  const [loading, setLoading] = useState<Loading>({ kind: 'loading' });
  const [page, setPage] = useState(startPage);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const { t } = useTranslation('account');

  useEffect(() => {
    const task = getDocument({ url, withCredentials: true, disableAutoFetch: true, rangeChunkSize: RANGE_CHUNK, isEvalSupported: false });
    task.promise.then(
      (pdf) => setLoading({ kind: 'ready', pdf }),
      () => setLoading({ kind: 'failed' }),
    );
    return () => void task.destroy();
  }, [url]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const pages = loading.kind === 'ready' ? loading.pdf.numPages : 0;
  const shown = pages ? Math.min(Math.max(1, page), pages) : page;

  useEffect(() => {
    if (loading.kind !== 'ready' || !canvas.current || width === 0) return;
    let render: RenderTask | undefined;
    let cancelled = false;
    void loading.pdf.getPage(shown).then((pdfPage) => {
      if (cancelled || !canvas.current) return;
      const natural = pdfPage.getViewport({ scale: 1 });
      const viewport = pdfPage.getViewport({ scale: width / natural.width });
      const ratio = window.devicePixelRatio || 1;
      const target = canvas.current;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      render = pdfPage.render({ canvas: target, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      render.promise.catch(() => {});
    });
    onPage(shown);
    return () => {
      cancelled = true;
      render?.cancel();
    };
    // onPage is the caller's; a new function each render must not redraw the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loading, shown, width]);

  const go = (to: number) => setPage(Math.min(Math.max(1, to), pages || 1));

  return (
    <section className="reader" aria-label={t('reader.label', { title })}>
      <div className="reader__bar">
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => go(shown - 1)} disabled={shown <= 1 || !pages}>
          {t('reader.previous')}
        </button>
        <label className="reader__page">
          {t('reader.page')}{' '}
          <input
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={pages || undefined}
            value={shown}
            onChange={(event) => go(Number(event.target.value) || 1)}
          />{' '}
          {t('reader.of', { pages: pages || '…' })}
        </label>
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => go(shown + 1)} disabled={!pages || shown >= pages}>
          {t('reader.next')}
        </button>
      </div>
      <div className="reader__frame" ref={frame}>
        {loading.kind === 'failed' ? (
          <p className="alert alert--error" role="alert">
            {t('reader.failed')}
          </p>
        ) : (
          <canvas ref={canvas} className="reader__canvas" aria-label={t('reader.pageOf', { page: shown, title })} role="img" dir="ltr" />
        )}
        {loading.kind === 'loading' && <p className="reader__wait">{t('reader.opening')}</p>}
      </div>
    </section>
  );
}
