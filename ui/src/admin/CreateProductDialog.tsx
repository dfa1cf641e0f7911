import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { adminApi } from '../api/admin';
import { Dialog } from '../design/Dialog';
import type { Outcome } from './EditorBanners';
import { ProductForm } from './ProductForm';
import { formProblems, productFormData, type ProductFormValue } from './product-form-value';
import { messageOf } from './texts';

export interface Report {
  succeeded: (outcome: Outcome) => void;
  failed: (outcome: Outcome) => void;
}

/** 'New Product': the form, checked by the core first, then sent; success closes it (spec 4). */
export function CreateProductDialog({
  form,
  onChange,
  onClose,
  onCreated,
  report,
  messages,
}: {
  form: ProductFormValue;
  onChange: (form: ProductFormValue) => void;
  onClose: () => void;
  onCreated: () => void;
  report: Report;
  messages: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);

  const create = async () => {
    const problems = formProblems(form);
    if (problems) return report.failed({ lead: t('create.failed'), message: problems, formCheck: true });
    setBusy(true);
    try {
      const { id } = await adminApi.addProduct(productFormData(form));
      setBusy(false);
      onCreated();
      // the ID is how the admin finds the product again in Edit Products
      report.succeeded({ lead: t('create.added'), detail: t('create.productId', { id }) });
    } catch (error) {
      setBusy(false);
      report.failed({ lead: t('create.failed'), message: messageOf(error) });
    }
  };

  return (
    <Dialog title={t('create.title')} onClose={onClose} wide>
      <ProductForm
        heading={t('create.form')}
        value={form}
        onChange={onChange}
        onSubmit={() => void create()}
        busy={busy}
        messages={messages}
        actions={
          <>
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t('create.cancel')}
            </button>
            <button type="submit" className="btn" disabled={busy}>
              {busy ? t('create.creating') : t('create.submit')}
            </button>
          </>
        }
      />
    </Dialog>
  );
}
