import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { MAX_IMAGE_BYTES } from '../../../core/catalog/domain/images';
import { CloseIcon } from '../design/icons';
import { IMAGE_ACCEPT, type ImageEntry } from './product-form-value';
import './admin.css';

/** A preview that hides itself when the image cannot be shown (spec 8). */
function Preview({ entry }: { entry: ImageEntry }) {
  const [failed, setFailed] = useState(false);
  const [fileSrc, setFileSrc] = useState<string>();
  useEffect(() => {
    if (entry.kind !== 'file' || typeof URL.createObjectURL !== 'function') return;
    const src = URL.createObjectURL(entry.file);
    setFileSrc(src);
    return () => URL.revokeObjectURL(src);
  }, [entry]);
  const src = entry.kind === 'url' ? entry.url : fileSrc;
  if (!src || failed) return <span className="image-entry__thumb image-entry__thumb--empty" aria-hidden="true" />;
  return <img className="image-entry__thumb" src={src} alt="" onError={() => setFailed(true)} />;
}

const nameOf = (entry: ImageEntry) => (entry.kind === 'url' ? entry.url : entry.file.name);

/**
 * An image list of the product form: addresses added with Enter, files chosen to upload, each entry
 * labelled 'URL' or 'File' and removable on its own.
 */
export function ImageListField({
  label,
  entries,
  onChange,
}: {
  label: string;
  entries: readonly ImageEntry[];
  onChange: (entries: ImageEntry[]) => void;
}) {
  const id = useId();
  const [address, setAddress] = useState('');
  const [tooBig, setTooBig] = useState(false);
  const { t } = useTranslation('admin');
  const kindOf = (entry: ImageEntry) => (entry.kind === 'url' ? t('form.image.url') : t('form.image.file'));

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    // Enter adds the address; it never submits the whole form
    e.preventDefault();
    const url = address.trim();
    if (url === '') return;
    onChange([...entries, { kind: 'url', url }]);
    setAddress('');
  };

  const onFiles = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    const fitting = chosen.filter((f) => f.size <= MAX_IMAGE_BYTES);
    setTooBig(fitting.length < chosen.length);
    if (fitting.length > 0) onChange([...entries, ...fitting.map((file): ImageEntry => ({ kind: 'file', file }))]);
  };

  return (
    <fieldset className="image-field">
      <legend className="field__label">{label}</legend>
      <div className="image-field__inputs">
        <div className="field">
          <label className="field__label field__label--plain" htmlFor={`${id}-url`}>
            {t('form.image.address', { label })}
          </label>
          <input
            id={`${id}-url`}
            className="input"
            type="url"
            inputMode="url"
            placeholder={t('form.image.placeholder')}
            aria-describedby={`${id}-url-hint`}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <span id={`${id}-url-hint`} className="field__hint">
            {t('form.image.pressEnter')}
          </span>
        </div>
        <div className="field">
          <label className="field__label field__label--plain" htmlFor={`${id}-file`}>
            {t('form.image.upload', { label })}
          </label>
          <input
            id={`${id}-file`}
            className="input input--file"
            type="file"
            multiple
            accept={IMAGE_ACCEPT}
            aria-describedby={`${id}-file-hint`}
            onChange={(e) => {
              onFiles(e.target.files);
              e.target.value = '';
            }}
          />
          <span id={`${id}-file-hint`} className="field__hint">
            {t('form.image.uploadHint')}
          </span>
          {tooBig ? (
            <span className="field__error" role="alert">
              {t('form.image.tooBig')}
            </span>
          ) : null}
        </div>
      </div>
      {entries.length > 0 ? (
        <ul className="image-list" aria-label={t('form.image.added', { label })}>
          {entries.map((entry, i) => (
            <li key={`${i}-${nameOf(entry)}`} className="image-entry">
              <Preview entry={entry} />
              <span className={`chip image-entry__kind image-entry__kind--${entry.kind}`}>{kindOf(entry)}</span>
              <span className="image-entry__name" dir="auto">{nameOf(entry)}</span>
              <button
                type="button"
                className="btn btn--ghost btn--icon btn--sm image-entry__remove"
                onClick={() => onChange(entries.filter((_, j) => j !== i))}
              >
                <CloseIcon />
                <span className="visually-hidden">{t('form.image.remove', { kind: kindOf(entry), name: nameOf(entry) })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
