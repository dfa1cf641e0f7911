import { useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { AdminOnly } from '../admin/AdminOnly';
import { EditProductDialog, type EditState } from '../admin/EditProductDialog';
import { EditorBanners, stillStanding, useEditorBanners } from '../admin/EditorBanners';
import { ProductsTable } from '../admin/ProductsTable';
import { formProblems, productFormOf } from '../admin/product-form-value';
import { messageOf } from '../admin/texts';
import { adminApi } from '../api/admin';
import { useDocumentMeta } from '../hooks/useDocumentMeta';
import '../admin/admin.css';

/**
 * /admin/products (issue 21): every product in a table, found by title or author, and acted on from
 * its row; Edit opens the spec's edit dialog with the product loaded. The Product Management Suite
 * stays as the spec shows it, on its own page.
 */
function ProductsScreen() {
  const { t } = useTranslation('admin');
  const { success, failure, succeeded, failed, clear } = useEditorBanners();
  const report = { succeeded, failed };
  const [edit, setEdit] = useState<EditState | null>(null);
  // raised at every change, so the table reloads
  const [changes, setChanges] = useState(0);
  const changed = () => setChanges((n) => n + 1);
  const table = useRef<HTMLDivElement>(null);

  const editFromTable = async (id: string) => {
    clear();
    try {
      const product = await adminApi.productForEditing(id);
      setEdit({ productId: id, loaded: product, form: productFormOf(product) });
    } catch (error) {
      failed({ lead: t('edit.loadFailed'), message: messageOf(error) });
    }
  };
  const close = () => {
    setEdit(null);
    table.current?.focus();
  };

  const standing = edit ? stillStanding(failure, formProblems(edit.form)) : failure;
  const banners = <EditorBanners success={success} failure={standing} />;

  return (
    <div className="container page product-editor admin-products">
      <div className="page-header">
        <p className="eyebrow">{t('eyebrow')}</p>
        <h1>{t('table.title')}</h1>
        <p>{t('table.intro')}</p>
      </div>
      {edit === null ? banners : null}
      <div ref={table} tabIndex={-1}>
        <ProductsTable onEdit={(id) => void editFromTable(id)} report={report} changed={changes} onChanged={changed} />
      </div>
      {edit ? (
        <EditProductDialog
          state={edit}
          onChange={setEdit}
          onClose={close}
          onFinished={() => {
            close();
            changed();
          }}
          report={report}
          messages={banners}
        />
      ) : null}
    </div>
  );
}

export default function AdminProductsPage() {
  const { t } = useTranslation('admin');
  useDocumentMeta(t('table.title'));
  return (
    <AdminOnly
      otherwise={
        <div className="container page">
          <div className="state access-restricted">
            <h1 className="state__title">{t('editor.accessRestricted')}</h1>
            <p>{t('table.adminOnly')}</p>
            <span className="chip access-restricted__chip">{t('editor.adminAccessRequired')}</span>
          </div>
        </div>
      }
    >
      <ProductsScreen />
    </AdminOnly>
  );
}
