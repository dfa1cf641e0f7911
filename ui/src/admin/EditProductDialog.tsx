import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { adminApi, type EditableProductData } from '../api/admin';
import { ApiError } from '../api/client';
import { Dialog } from '../design/Dialog';
import type { Report } from './CreateProductDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { ProductForm } from './ProductForm';
import { ProductFilesSection } from '../delivery/ProductFilesSection';
import { formProblems, productFormData, productFormOf, type ProductFormValue } from './product-form-value';
import { messageOf } from './texts';
import './admin.css';

/** What the edit dialog keeps while it is closed: the ID typed, the product loaded, the form. */
export interface EditState {
  productId: string;
  loaded: EditableProductData | null;
  form: ProductFormValue;
}

type Busy = 'load' | 'delete' | 'recreate' | 'update' | null;

/**
 * The edit dialog (spec 2 and 4): a product ID and Load Product on the left, the product's form on
 * the right; Delete, Recreate and Update Product act on the ID typed and need one.
 */
export function EditProductDialog({
  state,
  onChange,
  onClose,
  onFinished,
  report,
  messages,
}: {
  state: EditState;
  onChange: (state: EditState) => void;
  onClose: () => void;
  /** after an update or a delete: the ID cleared and the dialog closed (an update also resets the form) */
  onFinished: (how: 'updated' | 'deleted') => void;
  report: Report;
  messages: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const idInput = useId();
  const [busy, setBusy] = useState<Busy>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  // Delete asks first, naming the product (issue 21)
  const [askingDelete, setAskingDelete] = useState(false);
  const id = state.productId.trim();
  const shown = state.loaded && state.loaded._id === id ? state.loaded : null;

  const run = async (what: Exclude<Busy, null>, task: () => Promise<void>) => {
    if (busy) return;
    setBusy(what);
    try {
      await task();
    } finally {
      setBusy(null);
    }
  };

  const load = (e: FormEvent) => {
    e.preventDefault();
    if (!id) return;
    void run('load', async () => {
      setLoadProblem(null);
      try {
        const product = await adminApi.productForEditing(id);
        onChange({ productId: state.productId, loaded: product, form: productFormOf(product) });
      } catch (error) {
        setLoadProblem(error instanceof ApiError && error.fromServer ? error.message : t('edit.loadFailed'));
      }
    });
  };

  const remove = () =>
    void run('delete', async () => {
      setAskingDelete(false);
      try {
        const message = await adminApi.removeProduct(id);
        onFinished('deleted');
        report.succeeded({ lead: message || t('edit.removed') });
      } catch (error) {
        report.failed({ lead: t('edit.deleteFailed'), message: messageOf(error) });
      }
    });

  const recreate = () =>
    void run('recreate', async () => {
      try {
        await adminApi.recreateProduct(id);
        if (shown) onChange({ ...state, loaded: { ...shown, deleted: false } });
        report.succeeded({ lead: t('edit.recreated') });
      } catch (error) {
        report.failed({ lead: error instanceof ApiError && error.fromServer ? error.message : t('edit.recreateFailed') });
      }
    });

  const update = () => {
    const problems = formProblems(state.form);
    if (problems) return report.failed({ lead: t('edit.updateFailed'), message: problems, formCheck: true });
    void run('update', async () => {
      try {
        const form = productFormData(state.form);
        // The version loaded: a product another admin saved since is refused (409), not overwritten.
        if (shown) form.append('version', String(shown.version));
        await adminApi.updateProduct(id, form);
        onFinished('updated');
        report.succeeded({ lead: t('edit.updated') });
      } catch (error) {
        report.failed({ lead: t('edit.updateFailed'), message: messageOf(error) });
      }
    });
  };

  return (
    <Dialog title={t('edit.title')} onClose={onClose} wide>
      <div className="edit-layout">
        <div className="edit-layout__find">
          <form className="find-product" onSubmit={load} aria-label={t('edit.find')}>
            <div className="field">
              <label className="field__label" htmlFor={idInput}>
                {t('edit.productId')}
              </label>
              <input
                id={idInput}
                className="input"
                name="productId"
                // an ID reads left to right on every page
                dir="ltr"
                autoComplete="off"
                spellCheck={false}
                value={state.productId}
                onChange={(e) => {
                  setLoadProblem(null);
                  onChange({ ...state, productId: e.target.value });
                }}
              />
            </div>
            <button type="submit" className="btn btn--secondary btn--block" disabled={!id || busy !== null}>
              {busy === 'load' ? t('edit.loading') : t('edit.load')}
            </button>
          </form>
          {loadProblem ? (
            <p className="field__error" role="alert">
              {loadProblem}
            </p>
          ) : null}
          {shown ? (
            <p className="loaded-product" role="status">
              <span className={`chip loaded-product__state ${shown.deleted ? 'loaded-product__state--deleted' : ''}`}>
                {shown.deleted ? t('edit.deleted') : t('edit.inShop')}
              </span>
              {shown.deleted ? <span>{t('edit.deletedText')}</span> : <span dir="auto">{shown.title}</span>}
            </p>
          ) : null}
          <p className="edit-layout__warning">{t('edit.careful')}</p>
          {shown ? <ProductFilesSection productId={shown._id} /> : null}
        </div>
        <div className="edit-layout__form">
          <ProductForm
            heading={t('edit.form')}
            value={state.form}
            onChange={(form) => onChange({ ...state, form })}
            onSubmit={update}
            busy={busy !== null}
            messages={messages}
            actions={
              <>
                <button type="button" className="btn btn--ghost" onClick={onClose}>
                  {t('edit.cancel')}
                </button>
                <button type="button" className="btn btn--secondary btn--danger" disabled={!id || busy !== null} onClick={() => setAskingDelete(true)}>
                  {busy === 'delete' ? t('edit.deleting') : t('edit.delete')}
                </button>
                <button type="button" className="btn btn--secondary" disabled={!id || busy !== null} onClick={recreate}>
                  {busy === 'recreate' ? t('edit.recreating') : t('edit.recreate')}
                </button>
                <button type="submit" className="btn" disabled={!id || busy !== null}>
                  {busy === 'update' ? t('edit.saving') : t('edit.update')}
                </button>
              </>
            }
          />
        </div>
      </div>
      {askingDelete ? (
        <ConfirmDialog
          title={t('confirm.deleteTitle')}
          confirmLabel={t('confirm.deleteConfirm', { title: shown ? shown.title : id })}
          danger
          busy={busy !== null}
          onConfirm={remove}
          onCancel={() => setAskingDelete(false)}
        >
          <p>{t('confirm.deleteText', { title: shown ? shown.title : id })}</p>
        </ConfirmDialog>
      ) : null}
    </Dialog>
  );
}
