import { useRef, useState } from 'react';
import { AdminOnly } from '../admin/AdminOnly';
import { CreateProductDialog } from '../admin/CreateProductDialog';
import { EditProductDialog, type EditState } from '../admin/EditProductDialog';
import { EditorBanners, stillStanding, useEditorBanners } from '../admin/EditorBanners';
import { emptyProductForm, formProblems } from '../admin/product-form-value';
import {
  ACCESS_RESTRICTED,
  ACCESS_RESTRICTED_TEXT,
  ADMIN_ACCESS_REQUIRED,
  PRICES_FAILED,
  PRICES_UPDATED,
  messageOf,
} from '../admin/texts';
import { adminApi } from '../api/admin';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import '../admin/admin.css';

function AccessRestricted() {
  return (
    <div className="state access-restricted">
      <h1 className="state__title">{ACCESS_RESTRICTED}</h1>
      <p>{ACCESS_RESTRICTED_TEXT}</p>
      <span className="chip access-restricted__chip">{ADMIN_ACCESS_REQUIRED}</span>
    </div>
  );
}

const noEdit = (): EditState => ({ productId: '', loaded: null, form: emptyProductForm() });

function ProductManagementSuite() {
  const { success, failure, succeeded, failed, clear } = useEditorBanners();
  const report = { succeeded, failed };
  const [open, setOpen] = useState<'create' | 'edit' | null>(null);
  const [createForm, setCreateForm] = useState(emptyProductForm);
  const [edit, setEdit] = useState<EditState>(noEdit);
  const [repricing, setRepricing] = useState(false);
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
      succeeded({ lead: PRICES_UPDATED, detail: `${updated} ${updated === 1 ? 'product' : 'products'} priced at ${egpPerUsd} EGP per USD.` });
    } catch (error) {
      failed({ lead: PRICES_FAILED, message: messageOf(error) });
    } finally {
      setRepricing(false);
    }
  };

  // the outcome shows where the admin is looking: in the open dialog, else below the cards
  const form = open === 'create' ? createForm : open === 'edit' ? edit.form : undefined;
  const standing = form ? stillStanding(failure, formProblems(form)) : failure;
  const banners = <EditorBanners success={success} failure={standing} />;

  return (
    <div className="container page product-editor">
      <div className="page-header">
        <p className="eyebrow">Admin</p>
        <h1>Product Management Suite</h1>
        <p>Add products, change or delete them, and bring the EGP prices up to date.</p>
      </div>
      <ul className="editor-cards" aria-label="Tools">
        <li className="card card--padded editor-card">
          <h2 className="editor-card__title">Add New Product</h2>
          <p>A book, course or journal with its covers, prices and download.</p>
          <button ref={createButton} type="button" className="btn" aria-haspopup="dialog" onClick={() => openDialog('create')}>
            Create Product
          </button>
        </li>
        <li className="card card--padded editor-card">
          <h2 className="editor-card__title">Edit Products</h2>
          <p>Load a product by its ID to change, delete or recreate it.</p>
          <button ref={editButton} type="button" className="btn" aria-haspopup="dialog" onClick={() => openDialog('edit')}>
            Edit Product
          </button>
        </li>
        <li className="card card--padded editor-card">
          <h2 className="editor-card__title">Update Pricing</h2>
          <p>Sets every EGP price from its USD price at today’s exchange rate.</p>
          <button type="button" className="btn btn--accent" disabled={repricing} onClick={() => void reprice()}>
            {repricing ? 'Updating…' : 'Update Prices'}
          </button>
        </li>
      </ul>
      {open === null ? banners : null}
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
  useDocumentMeta('Product Management Suite');
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
