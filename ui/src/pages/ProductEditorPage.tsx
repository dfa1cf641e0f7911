import { useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { AdminOnly } from '../admin/AdminOnly';
import { CreateProductDialog } from '../admin/CreateProductDialog';
import { EditProductDialog, type EditState } from '../admin/EditProductDialog';
import { EditorBanners, stillStanding, useEditorBanners } from '../admin/EditorBanners';
import { emptyProductForm, formProblems } from '../admin/product-form-value';
import { RepriceDialog } from '../admin/RepriceDialog';
import { messageOf } from '../admin/texts';
import { adminApi } from '../api/admin';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import '../admin/admin.css';

function AccessRestricted() {
  const { t } = useTranslation('admin');
  return (
    <div className="state access-restricted">
      <h1 className="state__title">{t('editor.accessRestricted')}</h1>
      <p>{t('editor.accessRestrictedText')}</p>
      <span className="chip access-restricted__chip">{t('editor.adminAccessRequired')}</span>
    </div>
  );
}

const noEdit = (): EditState => ({ productId: '', loaded: null, form: emptyProductForm() });

function ProductManagementSuite() {
  const { t } = useTranslation('admin');
  const { success, failure, succeeded, failed, clear } = useEditorBanners();
  const report = { succeeded, failed };
  const [open, setOpen] = useState<'create' | 'edit' | null>(null);
  const [createForm, setCreateForm] = useState(emptyProductForm);
  const [edit, setEdit] = useState<EditState>(noEdit);
  const [repricing, setRepricing] = useState(false);
  // Update Prices asks first, showing what it will do (issue 21)
  const [askingReprice, setAskingReprice] = useState(false);
  const createButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  // an outcome on the page is about what was done before: a dialog starts without it
  const openDialog = (which: 'create' | 'edit') => {
    clear();
    setOpen(which);
  };

  // the dialog's opener takes the focus back (the Dialog leaves that to its opener)
  const close = () => {
    (open === 'create' ? createButton : editButton).current?.focus();
    setOpen(null);
  };

  const reprice = async () => {
    setRepricing(true);
    try {
      const { updated, egpPerUsd } = await adminApi.updatePrices();
      succeeded({ lead: t('editor.pricesUpdated'), detail: t('editor.repriced', { count: updated, rate: egpPerUsd }) });
    } catch (error) {
      failed({ lead: t('editor.pricesFailed'), message: messageOf(error) });
    } finally {
      setRepricing(false);
      setAskingReprice(false);
    }
  };

  // the outcome shows where the admin is looking: in the open dialog, else below the cards
  const form = open === 'create' ? createForm : open === 'edit' ? edit.form : undefined;
  const standing = form ? stillStanding(failure, formProblems(form)) : failure;
  const banners = <EditorBanners success={success} failure={standing} />;

  return (
    <div className="container page product-editor">
      <div className="page-header">
        <p className="eyebrow">{t('eyebrow')}</p>
        <h1>{t('editor.title')}</h1>
        <p>{t('editor.intro')}</p>
      </div>
      <ul className="editor-cards" aria-label={t('editor.tools')}>
        <li className="card card--padded editor-card">
          <h2 className="editor-card__title">{t('editor.addTitle')}</h2>
          <p>{t('editor.addText')}</p>
          <button ref={createButton} type="button" className="btn" aria-haspopup="dialog" onClick={() => openDialog('create')}>
            {t('editor.create')}
          </button>
        </li>
        <li className="card card--padded editor-card">
          <h2 className="editor-card__title">{t('editor.editTitle')}</h2>
          <p>{t('editor.editText')}</p>
          <button ref={editButton} type="button" className="btn" aria-haspopup="dialog" onClick={() => openDialog('edit')}>
            {t('editor.edit')}
          </button>
        </li>
        <li className="card card--padded editor-card">
          <h2 className="editor-card__title">{t('editor.pricingTitle')}</h2>
          <p>{t('editor.pricingText')}</p>
          <button
            type="button"
            className="btn btn--accent"
            aria-haspopup="dialog"
            disabled={repricing}
            onClick={() => {
              clear();
              setAskingReprice(true);
            }}
          >
            {repricing ? t('editor.updating') : t('editor.updatePrices')}
          </button>
        </li>
      </ul>
      {open === null ? banners : null}
      {askingReprice ? <RepriceDialog busy={repricing} onConfirm={() => void reprice()} onCancel={() => setAskingReprice(false)} /> : null}
      {open === 'create' ? (
        <CreateProductDialog
          form={createForm}
          onChange={setCreateForm}
          onClose={close}
          onCreated={() => {
            setCreateForm(emptyProductForm());
            close();
          }}
          report={report}
          messages={banners}
        />
      ) : null}
      {open === 'edit' ? (
        <EditProductDialog
          state={edit}
          onChange={setEdit}
          onClose={close}
          onFinished={(how) => {
            setEdit((e) => (how === 'updated' ? noEdit() : { ...e, productId: '', loaded: null }));
            close();
          }}
          report={report}
          messages={banners}
        />
      ) : null}
    </div>
  );
}

/** /productEditor: the Product Management Suite for admins, the restricted notice for anyone else. */
export default function ProductEditorPage() {
  const { t } = useTranslation('admin');
  useDocumentMeta(t('editor.title'));
  return (
    <AdminOnly
      otherwise={
        <div className="container page">
          <AccessRestricted />
        </div>
      }
    >
      <ProductManagementSuite />
    </AdminOnly>
  );
}
