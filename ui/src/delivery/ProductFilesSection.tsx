import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { ApiError } from '../api/client';
import { deliveryApi, sizeText, type ProductFileData } from '../api/delivery';
import './delivery.css';

const FILE_TYPES = '.pdf,.epub,.zip,.mp4,application/pdf,application/epub+zip,application/zip,video/mp4';
const messageOf = <Fallback,>(error: unknown, fallback: Fallback): string | Fallback => (error instanceof ApiError && error.fromServer ? error.message : fallback);

/**
 * The editor's Files section (issue 19): the product's own files, each uploaded with its progress
 * and removable, and how many completed downloads each buyer gets.
 */
export function ProductFilesSection({ productId }: { productId: string }) {
  const inputId = useId();
  const limitId = useId();
  const [files, setFiles] = useState<ProductFileData[] | null>(null);
  const [limit, setLimit] = useState('5');
  const [progress, setProgress] = useState<number | null>(null);
  const [note, setNote] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  /** Why the files could not be loaded: the server's message, else `true` (the section says its own). */
  const [unloaded, setUnloaded] = useState<string | true | null>(null);
  const { t } = useTranslation('account');

  useEffect(() => {
    let live = true;
    setFiles(null);
    setUnloaded(null);
    deliveryApi.productFiles(productId).then(
      (r) => live && (setFiles(r.files), setLimit(String(r.downloadsPerBuyer))),
      (error: unknown) => live && setUnloaded(messageOf(error, true)),
    );
    return () => {
      live = false;
    };
  }, [productId]);

  const upload = async (file: File) => {
    setNote(null);
    setProgress(0);
    try {
      const added = await deliveryApi.uploadFile(productId, file, setProgress);
      setFiles((now) => [...(now ?? []), added]);
      setNote({ tone: 'ok', text: t('productFiles.added', { name: added.name }) });
    } catch (error) {
      setNote({ tone: 'error', text: messageOf(error, t('productFiles.uploadFailed')) });
    } finally {
      setProgress(null);
    }
  };

  const remove = async (file: ProductFileData) => {
    setNote(null);
    try {
      await deliveryApi.removeFile(productId, file._id);
      setFiles((now) => (now ?? []).filter((f) => f._id !== file._id));
    } catch (error) {
      setNote({ tone: 'error', text: messageOf(error, t('productFiles.removeFailed')) });
    }
  };

  const saveLimit = async () => {
    setNote(null);
    try {
      const saved = await deliveryApi.setDownloadsPerBuyer(productId, Number(limit));
      setNote({ tone: 'ok', text: t('productFiles.limitSaved', { count: saved }) });
    } catch (error) {
      setNote({ tone: 'error', text: messageOf(error, t('productFiles.limitFailed')) });
    }
  };

  return (
    <section className="product-files" aria-label={t('productFiles.title')}>
      <h3 className="product-files__title">{t('productFiles.title')}</h3>
      <p className="product-files__hint">{t('productFiles.hint')}</p>
      {unloaded ? <p className="product-files__hint">{unloaded === true ? t('productFiles.loadFailed') : unloaded}</p> : null}
      {files === null ? null : files.length === 0 ? (
        <p className="product-files__empty">{t('productFiles.none')}</p>
      ) : (
        <ul className="product-files__list" aria-label={t('productFiles.list')}>
          {files.map((file) => (
            <li key={file._id} className="product-files__file">
              <span className="product-files__name" dir="auto">{file.name}</span>
              <bdi className="product-files__size">{sizeText(file.size)}</bdi>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => void remove(file)} aria-label={t('productFiles.removeName', { name: file.name })}>
                {t('productFiles.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {t('productFiles.add')}
        </label>
        <input
          id={inputId}
          type="file"
          accept={FILE_TYPES}
          disabled={progress !== null}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
      {progress !== null ? <progress className="product-files__progress" max={1} value={progress} aria-label={t('productFiles.progress')} /> : null}
      <div className="field product-files__limit">
        <label className="field__label" htmlFor={limitId}>
          {t('productFiles.perBuyer')}
        </label>
        <input id={limitId} className="input" type="number" min={1} max={1000} step={1} value={limit} onChange={(e) => setLimit(e.target.value)} />
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => void saveLimit()}>
          {t('productFiles.save')}
        </button>
      </div>
      {note ? (
        <p className={note.tone === 'error' ? 'field__error' : 'product-files__ok'} role={note.tone === 'error' ? 'alert' : 'status'}>
          {note.text}
        </p>
      ) : null}
    </section>
  );
}
