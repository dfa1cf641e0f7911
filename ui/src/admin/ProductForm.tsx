import { useId, type FormEvent, type ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../i18n/use-translation';
import type { TFunction } from 'i18next';
import { FORM_CHOICES, REQUIRED_FIELDS } from '../../../core/catalog/domain/product-form';
import { ImageListField } from './ImageListField';
import type { ImageEntry, ImageField, ProductFormValue, TextField } from './product-form-value';
import './admin.css';

type Control = 'text' | 'number' | 'url' | 'textarea' | 'select' | 'checkbox';

interface FieldSpec {
  field: TextField;
  control?: Control;
  /** numbers: the step of the input */
  step?: string;
  /** the field has a hint under it: `form.hint.<field>` in the catalogue */
  hint?: boolean;
  choices?: readonly string[];
  /** how a choice reads (the formats upper-case, the rest from a catalogue); the value sent stays the choice */
  shown?: (choice: string, t: TFunction) => string;
  wide?: boolean;
  /** Typed in Arabic: right to left, and marked as Arabic for screen readers and spell checking. */
  arabic?: boolean;
}

const upper = (choice: string) => choice.toUpperCase();
/** The product types read in the page's language; the languages a product is written in too, with the shop's words. */
const categoryName = (choice: string, t: TFunction) => t(`form.category.${choice}`, { defaultValue: choice });
const languageName = (choice: string, t: TFunction) => t(`common:productLanguage.${choice}`, { defaultValue: choice });

/** A field's label: the core's FIELD_LABELS are its English (tests/ui/admin-catalogue.test.ts keeps them equal). */
const fieldLabel = (field: string, t: TFunction) => t(`form.field.${field}`);

/** One labelled control of the form, marked required where the core requires it. */
function FormControl({ spec, value, onChange }: { spec: FieldSpec; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const { t } = useTranslation('admin');
  const { field, control = 'text' } = spec;
  const required = REQUIRED_FIELDS.includes(field);
  if (control === 'checkbox')
    return (
      <div className={`field field--checkbox ${spec.wide ? 'product-form__wide' : ''}`}>
        <label className="check">
          <input
            type="checkbox"
            name={field}
            checked={value === 'true'}
            aria-describedby={spec.hint ? `${id}-hint` : undefined}
            onChange={(e) => onChange(String(e.target.checked))}
          />
          <span>{fieldLabel(field, t)}</span>
        </label>
        {spec.hint ? (
          <span id={`${id}-hint`} className="field__hint">
            {t(`form.hint.${field}`)}
          </span>
        ) : null}
      </div>
    );
  const common = {
    id,
    name: field,
    required,
    value,
    'aria-describedby': spec.hint ? `${id}-hint` : undefined,
    // the rest is typed in any language (mostly English): each value keeps its own direction on an Arabic page
    ...(spec.arabic ? { dir: 'rtl', lang: 'ar' } : { dir: 'auto' }),
  };
  return (
    <div className={`field ${spec.wide ? 'product-form__wide' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {fieldLabel(field, t)}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {control === 'textarea' ? (
        <textarea {...common} className="input textarea" rows={5} onChange={(e) => onChange(e.target.value)} />
      ) : control === 'select' ? (
        <select {...common} className="select" onChange={(e) => onChange(e.target.value)}>
          {required || field === 'category' ? null : <option value="">{t('form.notSet')}</option>}
          {(spec.choices ?? []).map((choice) => (
            <option key={choice} value={choice}>
              {spec.shown ? spec.shown(choice, t) : choice}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          className="input"
          type={control}
          inputMode={control === 'number' ? 'decimal' : undefined}
          min={control === 'number' ? 0 : undefined}
          step={spec.step}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {spec.hint ? (
        <span id={`${id}-hint`} className="field__hint">
          {t(`form.hint.${field}`)}
        </span>
      ) : null}
    </div>
  );
}

/** `title`: the section's key under form.section in the catalogue. */
const SECTIONS: { title: string; fields: FieldSpec[]; images?: boolean; bookCategories?: boolean }[] = [
  {
    title: 'about',
    fields: [
      { field: 'title', wide: true },
      { field: 'author', wide: true, hint: true },
      { field: 'description', control: 'textarea', wide: true },
      { field: 'arabicTitle', wide: true, arabic: true, hint: true },
      { field: 'arabicDescription', control: 'textarea', wide: true, arabic: true, hint: true },
    ],
  },
  { title: 'images', fields: [], images: true },
  {
    title: 'prices',
    fields: [
      { field: 'price', control: 'number', step: '0.01' },
      { field: 'egpprice', control: 'number', step: '0.01' },
      // issue 21: a hand-set EGP price that Update Prices leaves alone
      { field: 'keepEgpPrice', control: 'checkbox', hint: true, wide: true },
    ],
  },
  {
    title: 'catalogue',
    fields: [{ field: 'category', control: 'select', choices: FORM_CHOICES.category, shown: categoryName }],
    bookCategories: true,
  },
  {
    title: 'details',
    fields: [
      { field: 'size', control: 'number', step: '0.001' },
      { field: 'Pages', control: 'number', step: '1' },
      { field: 'Language', control: 'select', choices: FORM_CHOICES.Language, shown: languageName },
      { field: 'format', control: 'select', choices: FORM_CHOICES.format, shown: upper },
      { field: 'year' },
      { field: 'isbn' },
      { field: 'eISBN' },
      { field: 'duration', hint: true },
      { field: 'videonumbers', hint: true },
    ],
  },
  {
    title: 'download',
    fields: [
      { field: 'producturl', control: 'url', hint: true },
      { field: 'downloadpass' },
    ],
  },
];

/** The book categories, several allowed, from the fixed list. */
function BookCategories({ chosen, onChange }: { chosen: readonly string[]; onChange: (chosen: string[]) => void }) {
  const { t } = useTranslation('admin');
  const toggle = (name: string, on: boolean) =>
    onChange(on ? FORM_CHOICES.subcategory.filter((c) => c === name || chosen.includes(c)) : chosen.filter((c) => c !== name));
  return (
    <fieldset className="product-form__wide book-categories">
      <legend className="field__label">{fieldLabel('subcategory', t)}</legend>
      <div className="book-categories__grid">
        {FORM_CHOICES.subcategory.map((name) => (
          <label key={name} className="check">
            <input type="checkbox" name="subcategory" value={name} checked={chosen.includes(name)} onChange={(e) => toggle(name, e.target.checked)} />
            <span>{t(`common:bookCategory.${name}`, { defaultValue: name })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The product form shared by the create and edit dialogs: every field of a product (spec 3), the
 * core's labels and lists, its required fields marked. The dialog brings its own buttons.
 */
export function ProductForm({
  heading,
  value,
  onChange,
  onSubmit,
  actions,
  messages,
  busy = false,
}: {
  heading: string;
  value: ProductFormValue;
  onChange: (value: ProductFormValue) => void;
  onSubmit: () => void;
  actions: ReactNode;
  /** the outcome of the last action, shown beside the buttons where the admin is looking */
  messages?: ReactNode;
  busy?: boolean;
}) {
  const headingId = useId();
  const { t } = useTranslation('admin');
  const setText = (field: TextField) => (text: string) => onChange({ ...value, text: { ...value.text, [field]: text } });
  const setImages = (field: ImageField) => (entries: ImageEntry[]) => onChange({ ...value, [field]: entries });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    // the core checks the form and names every problem at once; the browser's own bubbles would stop at the first
    <form className="product-form" aria-labelledby={headingId} onSubmit={submit} noValidate aria-busy={busy}>
      <h3 id={headingId} className="product-form__heading">
        {heading}
      </h3>
      <p className="product-form__note">
        <Trans t={t} i18nKey="form.requiredNote" components={{ star: <span aria-hidden="true" />, hidden: <span className="visually-hidden" /> }} />
      </p>
      {SECTIONS.map((section) => (
        <section key={section.title} className="product-form__section" aria-label={t(`form.section.${section.title}`)}>
          <h4 className="product-form__section-title">{t(`form.section.${section.title}`)}</h4>
          <div className="product-form__grid">
            {section.fields.map((spec) => (
              <FormControl key={spec.field} spec={spec} value={value.text[spec.field]} onChange={setText(spec.field)} />
            ))}
            {section.bookCategories ? (
              <BookCategories chosen={value.subcategory} onChange={(subcategory) => onChange({ ...value, subcategory })} />
            ) : null}
            {section.images ? (
              <>
                <div className="product-form__wide">
                  <ImageListField label={fieldLabel('covers', t)} entries={value.covers} onChange={setImages('covers')} />
                </div>
                <div className="product-form__wide">
                  <ImageListField label={fieldLabel('smallCover', t)} entries={value.smallCover} onChange={setImages('smallCover')} />
                </div>
              </>
            ) : null}
          </div>
        </section>
      ))}
      <div className="dialog__actions">
        {messages ? <div className="dialog__messages">{messages}</div> : null}
        <div className="dialog__buttons">{actions}</div>
      </div>
    </form>
  );
}
