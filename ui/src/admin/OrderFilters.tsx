import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { ORDER_FILTER_KEYS, exportOrdersHref, type OrderFilters as Filters } from '../api/admin';

/** The owner's five states (core/ordering/domain/order-filter.ts SHOWN_STATUSES); the server maps them to its own. */
const STATUSES = ['pending', 'paid', 'failed', 'refunded', 'delivered'] as const;
const CURRENCIES = ['USD', 'EGP'] as const;
/** Suggestions only: providers are registered by name, and the server takes any. */
const PROVIDERS = ['paypal', 'paymob', 'transfer', 'free'] as const;
const METHODS = ['paypal', 'card', 'wallet', 'kiosk', 'instalments', 'transfer', 'free'] as const;

/** The filters in the address bar: `?q=&status=...`, so a search can be shared, reloaded and paged. */
export const filtersOf = (params: URLSearchParams): Filters =>
  Object.fromEntries(ORDER_FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])));

/**
 * Search and filters of Customer Orders (issue 21), and the export of what they show. Applied on
 * submit, not per keystroke: each search is one call.
 */
export function OrderFilters({ value, onApply }: { value: Filters; onApply: (filters: Filters) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [draft, setDraft] = useState<Filters>(value);
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };

  return (
    <form className="card card--padded order-filters" role="search" aria-label={t('orderSearch.label')} onSubmit={submit}>
      <div className="field order-filters__search">
        <label className="field__label" htmlFor={`${id}-q`}>
          {t('orderSearch.query')}
        </label>
        <input id={`${id}-q`} className="input" type="search" name="q" dir="auto" value={draft.q ?? ''} onChange={set('q')} placeholder={t('orderSearch.queryHint')} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          {t('orderSearch.status')}
        </label>
        <select id={`${id}-status`} className="select" name="status" value={draft.status ?? ''} onChange={set('status')}>
          <option value="">{t('orderSearch.any')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`orderSearch.statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-provider`}>
          {t('orderSearch.provider')}
        </label>
        <input id={`${id}-provider`} className="input" name="provider" dir="ltr" list={`${id}-providers`} value={draft.provider ?? ''} onChange={set('provider')} />
        <datalist id={`${id}-providers`}>
          {PROVIDERS.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-method`}>
          {t('orderSearch.method')}
        </label>
        <input id={`${id}-method`} className="input" name="method" dir="ltr" list={`${id}-methods`} value={draft.method ?? ''} onChange={set('method')} />
        <datalist id={`${id}-methods`}>
          {METHODS.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-currency`}>
          {t('orderSearch.currency')}
        </label>
        <select id={`${id}-currency`} className="select" name="currency" value={draft.currency ?? ''} onChange={set('currency')}>
          <option value="">{t('orderSearch.any')}</option>
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-from`}>
          {t('orderSearch.from')}
        </label>
        <input id={`${id}-from`} className="input" type="date" name="from" value={draft.from ?? ''} onChange={set('from')} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-to`}>
          {t('orderSearch.to')}
        </label>
        <input id={`${id}-to`} className="input" type="date" name="to" value={draft.to ?? ''} onChange={set('to')} />
      </div>
      <div className="order-filters__actions">
        <button type="submit" className="btn btn--sm">
          {t('orderSearch.apply')}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          {t('orderSearch.clear')}
        </button>
        {/* What the list shows, as the server reads it from the address bar: not the unsaved draft. */}
        <a className="btn btn--secondary btn--sm" href={exportOrdersHref(value)} download>
          {t('orderSearch.export')}
        </a>
      </div>
    </form>
  );
}
