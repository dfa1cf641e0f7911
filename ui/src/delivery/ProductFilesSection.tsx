import { useEffect, useId, useState } from 'react';
import { ApiError } from '../api/client';
import { UPLOAD_FAILED, deliveryApi, sizeText, type ProductFileData } from '../api/delivery';
import './delivery.css';

const FILE_TYPES = '.pdf,.epub,.zip,.mp4,application/pdf,application/epub+zip,application/zip,video/mp4';
const LOAD_FAILED = 'The files of this product could not be loaded.';
const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.fromServer ? error.message : fallback);

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
  const [unloaded, setUnloaded] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setFiles(null);
    setUnloaded(null);
    deliveryApi.productFiles(productId).then(
      (r) => live && (setFiles(r.files), setLimit(String(r.downloadsPerBuyer))),
      (error: unknown) => live && setUnloaded(messageOf(error, LOAD_FAILED)),
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
      setNote({ tone: 'ok', text: `${added.name} added` });
    } catch (error) {
      setNote({ tone: 'error', text: messageOf(error, UPLOAD_FAILED) });
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
      setNote({ tone: 'error', text: messageOf(error, 'The file could not be removed.') });
    }
  };

  const saveLimit = async () => {
    setNote(null);
    try {
      const saved = await deliveryApi.setDownloadsPerBuyer(productId, Number(limit));
      setNote({ tone: 'ok', text: `Each buyer gets ${saved} downloads` });
    } catch (error) {
      setNote({ tone: 'error', text: messageOf(error, 'Downloads per buyer could not be saved.') });
    }
  };

  return (
    <section className="product-files" aria-label="Files">
      <h3 className="product-files__title">Files</h3>
      <p className="product-files__hint">PDF, EPUB, ZIP or MP4, up to 2&nbsp;GB each. Buyers download them from their orders.</p>
      {unloaded ? <p className="product-files__hint">{unloaded}</p> : null}
      {files === null ? null : files.length === 0 ? (
        <p className="product-files__empty">No files yet.</p>
      ) : (
        <ul className="product-files__list" aria-label="Files of this product">
          {files.map((file) => (
            <li key={file._id} className="product-files__file">
              <span className="product-files__name">{file.name}</span>
              <span className="product-files__size">{sizeText(file.size)}</span>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => void remove(file)} aria-label={`Remove ${file.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Add a file
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
      {progress !== null ? <progress className="product-files__progress" max={1} value={progress} aria-label="Upload progress" /> : null}
      <div className="field product-files__limit">
        <label className="field__label" htmlFor={limitId}>
          Downloads per buyer
        </label>
        <input id={limitId} className="input" type="number" min={1} max={1000} step={1} value={limit} onChange={(e) => setLimit(e.target.value)} />
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => void saveLimit()}>
          Save
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
