import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { AdminScreen } from '../admin/AdminOnly';
import { messageOf } from '../admin/texts';
import { ApiError } from '../api/client';
import { couponsApi, type CouponData, type CreateCouponsRequest } from '../api/coupons';
import { Alert } from '../design/Alert';
import { Field } from '../design/Field';
import { Skeleton } from '../design/Skeleton';
import { useRemote } from '../hooks/useRemote';
import { useFormat } from '../i18n/format';
import { egp, fromDecimal, usd } from '../../../core/shared/money';

const usdOf = (amount: number) => fromDecimal(amount, 'USD') ?? usd(0);
const egpOf = (amount: number) => fromDecimal(amount, 'EGP') ?? egp(0);
import '../account/account.css';
import '../admin/admin.css';
import './admin-coupons.css';

type Scope = CreateCouponsRequest['scope'];
const SCOPES: readonly Scope[] = ['all', 'products', 'types', 'categories'];
const EMPTY = { code: '', count: '', kind: 'percent', percent: '', offUsd: '', offEgp: '', scope: 'all' as Scope, values: '', startsAt: '', endsAt: '', maxUses: '', maxUsesPerCustomer: '', minimumUsd: '', minimumEgp: '' };
type Draft = typeof EMPTY;

/** The form's text as the call's request: blank fields are left out, numbers sent as numbers (the server says what is wrong). */
const requestOf = (d: Draft): CreateCouponsRequest => {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const date = (text: string) => (text ? new Date(text).toISOString() : undefined);
  const fields: Record<string, unknown> = {
    code: d.code.trim() || undefined,
    count: number(d.count),
    ...(d.kind === 'percent' ? { percent: number(d.percent) } : { offUsd: number(d.offUsd), offEgp: number(d.offEgp) }),
    scope: d.scope,
    values: d.scope === 'all' ? undefined : d.values.split(',').map((v) => v.trim()).filter(Boolean),
    startsAt: date(d.startsAt),
    endsAt: date(d.endsAt),
    maxUses: number(d.maxUses),
    maxUsesPerCustomer: number(d.maxUsesPerCustomer),
    minimumUsd: number(d.minimumUsd),
    minimumEgp: number(d.minimumEgp),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as CreateCouponsRequest;
};

function CouponForm({ onMade }: { onMade: (made: CouponData[]) => void }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setSaid(null);
    try {
      const made = await couponsApi.create(requestOf(draft));
      setSaid({ tone: 'success', text: t('coupons.made', { codes: made.map((c) => c.code).join(', ') }) });
      setDraft(EMPTY);
      onMade(made);
    } catch (error) {
      setSaid({ tone: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card card--padded coupon-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('coupons.new')}>
      <h2>{t('coupons.new')}</h2>
      {said ? (
        <Alert tone={said.tone}>
          <p>{said.text}</p>
        </Alert>
      ) : null}
      <div className="coupon-form__grid">
        <Field label={t('coupons.code')} hint={t('coupons.codeHint')} name="code" dir="ltr" value={draft.code} onChange={set('code')} />
        <Field label={t('coupons.count')} hint={t('coupons.countHint')} name="count" type="number" min={1} value={draft.count} onChange={set('count')} />
        <div className="field">
          <label className="field__label" htmlFor="coupon-kind">
            {t('coupons.kind')}
          </label>
          <select id="coupon-kind" className="input" value={draft.kind} onChange={set('kind')}>
            <option value="percent">{t('coupons.percentOff')}</option>
            <option value="fixed">{t('coupons.fixedOff')}</option>
          </select>
        </div>
        {draft.kind === 'percent' ? (
          <Field label={t('coupons.percent')} name="percent" type="number" min={1} max={100} value={draft.percent} onChange={set('percent')} />
        ) : (
          <>
            <Field label={t('coupons.offUsd')} name="offUsd" type="number" min={0} step="0.01" value={draft.offUsd} onChange={set('offUsd')} />
            <Field label={t('coupons.offEgp')} name="offEgp" type="number" min={0} step="0.01" value={draft.offEgp} onChange={set('offEgp')} />
          </>
        )}
        <div className="field">
          <label className="field__label" htmlFor="coupon-scope">
            {t('coupons.scope')}
          </label>
          <select id="coupon-scope" className="input" value={draft.scope} onChange={set('scope')}>
            {SCOPES.map((scope) => (
              <option key={scope} value={scope}>
                {t(`coupons.scopes.${scope}`)}
              </option>
            ))}
          </select>
        </div>
        {draft.scope === 'all' ? null : <Field label={t('coupons.values')} hint={t('coupons.valuesHint')} name="values" dir="ltr" value={draft.values} onChange={set('values')} />}
        <Field label={t('coupons.startsAt')} name="startsAt" type="datetime-local" value={draft.startsAt} onChange={set('startsAt')} />
        <Field label={t('coupons.endsAt')} name="endsAt" type="datetime-local" value={draft.endsAt} onChange={set('endsAt')} />
        <Field label={t('coupons.maxUses')} name="maxUses" type="number" min={1} value={draft.maxUses} onChange={set('maxUses')} />
        <Field label={t('coupons.maxUsesPerCustomer')} name="maxUsesPerCustomer" type="number" min={1} value={draft.maxUsesPerCustomer} onChange={set('maxUsesPerCustomer')} />
        <Field label={t('coupons.minimumUsd')} name="minimumUsd" type="number" min={0} step="0.01" value={draft.minimumUsd} onChange={set('minimumUsd')} />
        <Field label={t('coupons.minimumEgp')} name="minimumEgp" type="number" min={0} step="0.01" value={draft.minimumEgp} onChange={set('minimumEgp')} />
      </div>
      <button type="submit" className="btn" disabled={busy}>
        {busy ? t('coupons.making') : t('coupons.make')}
      </button>
    </form>
  );
}

function CouponRow({ coupon, onChanged }: { coupon: CouponData; onChanged: (c: CouponData) => void }) {
  const { t } = useTranslation('admin');
  const { money, date } = useFormat();
  const [refusal, setRefusal] = useState<string | null>(null);
  const off =
    coupon.percent !== undefined
      ? t('coupons.percentShown', { percent: coupon.percent })
      : `${money(usdOf(coupon.offUsd ?? 0))} / ${money(egpOf(coupon.offEgp ?? 0))}`;
  const disable = async () => {
    try {
      onChanged(await couponsApi.disable(coupon._id));
    } catch (error) {
      setRefusal(messageOf(error));
    }
  };
  return (
    <li className="card card--padded coupon-row" aria-label={coupon.code}>
      <h3 className="coupon-row__code" dir="ltr">
        {coupon.code}
      </h3>
      <dl className="admin-order__facts">
        <div>
          <dt>{t('coupons.off')}</dt>
          <dd>{off}</dd>
        </div>
        <div>
          <dt>{t('coupons.scope')}</dt>
          <dd>{coupon.scope === 'all' ? t('coupons.scopes.all') : `${t(`coupons.scopes.${coupon.scope}`)}: ${coupon.values.join(', ')}`}</dd>
        </div>
        <div>
          <dt>{t('coupons.uses')}</dt>
          <dd>{coupon.maxUses !== undefined ? t('coupons.usesOf', { uses: coupon.uses, max: coupon.maxUses }) : coupon.uses}</dd>
        </div>
        {coupon.endsAt ? (
          <div>
            <dt>{t('coupons.endsAt')}</dt>
            <dd>
              <time dateTime={coupon.endsAt}>{date(coupon.endsAt)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      {coupon.disabled ? (
        <p className="coupon-row__state">{t('coupons.disabled')}</p>
      ) : (
        <button type="button" className="btn btn--sm btn--ghost" onClick={() => void disable()}>
          {t('coupons.disable')}
        </button>
      )}
      {refusal ? (
        <Alert tone="error">
          <p>{refusal}</p>
        </Alert>
      ) : null}
    </li>
  );
}

function Coupons() {
  const { t } = useTranslation('admin');
  const remote = useRemote<CouponData[]>('coupons', () => couponsApi.list());
  const [made, setMade] = useState<CouponData[]>([]);
  const [changed, setChanged] = useState<Record<string, CouponData>>({});
  const listed = remote.status === 'success' ? [...made, ...remote.data.filter((c) => !made.some((m) => m._id === c._id))] : made;
  return (
    <div className="container page admin-coupons">
      <div className="page-header">
        <p className="eyebrow">{t('eyebrow')}</p>
        <h1>{t('coupons.title')}</h1>
        <p>{t('coupons.intro')}</p>
      </div>
      <CouponForm onMade={(fresh) => setMade((m) => [...fresh, ...m])} />
      {remote.status === 'loading' ? (
        <div role="status" aria-live="polite">
          <span className="visually-hidden">{t('coupons.loading')}</span>
          <Skeleton style={{ height: '8rem', borderRadius: '16px' }} />
        </div>
      ) : remote.status === 'error' ? (
        <Alert tone="error">
          <p>{remote.error instanceof ApiError && remote.error.status === 403 ? t('adminRequired') : t('coupons.loadFailed')}</p>
        </Alert>
      ) : listed.length === 0 ? (
        <p className="state">{t('coupons.none')}</p>
      ) : (
        <ul className="admin-coupons__list" aria-label={t('coupons.list')}>
          {listed.map((coupon) => (
            <CouponRow key={coupon._id} coupon={changed[coupon._id] ?? coupon} onChanged={(c) => setChanged((all) => ({ ...all, [c._id]: c }))} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** /admin/coupons: make, list and disable coupons (issue 21); anyone else is told admin access is required. */
export default function AdminCouponsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen title={t('coupons.title')}>
      <Coupons />
    </AdminScreen>
  );
}
