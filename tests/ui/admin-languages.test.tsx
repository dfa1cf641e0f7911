import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_LABELS } from '../../core/catalog/domain/product-form';
import { IMAGE_TOO_BIG, UPLOAD_HINT } from '../../core/catalog/domain/images';
import type { AdminOrder } from '../../ui/src/api/admin';
import { NAMESPACES, i18n } from '../../ui/src/i18n/i18n';
import english from '../../ui/src/i18n/locales/en/admin.json';
import { anId, fakeServer, renderApp, signedInAs } from './helpers';

/**
 * The back office in the admin's language (issue 20): its screens speak through the 'admin'
 * catalogue, whose English is the spec's and the core's words.
 */
const asAdmin = signedInAs('boss', { role: 'Admin' });

describe("the admin catalogue's English", () => {
  test("names the product form's fields as the core does: the form's labels and the core's problems agree", () => {
    expect(english.form.field).toEqual(FIELD_LABELS);
  });

  test("says the image limits in the core's words", () => {
    expect([english.form.image.uploadHint, english.form.image.tooBig]).toEqual([UPLOAD_HINT, IMAGE_TOO_BIG]);
  });
});

describe('the admin screens in Arabic', () => {
  beforeEach(async () => {
    await act(async () => {
      await i18n.changeLanguage('ar');
      await i18n.loadNamespaces([...NAMESPACES]);
    });
  });
  afterEach(async () => {
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });

  test('the Product Management Suite and its form: headings, labels, the book categories and the hints', async () => {
    fakeServer(asAdmin);
    renderApp('/productEditor');
    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة إدارة المنتجات' })).toBeInTheDocument();
    expect(document.title).toMatch(/^لوحة إدارة المنتجات \|/);
    await userEvent.click(screen.getByRole('button', { name: 'إنشاء منتج' }));
    const form = within(within(screen.getByRole('dialog', { name: 'منتج جديد' })).getByRole('form', { name: 'بيانات المنتج' }));
    expect(form.getByRole('textbox', { name: 'العنوان' })).toBeRequired();
    expect(form.getByRole('spinbutton', { name: /^السعر \(جنيه مصري\)/ })).toBeRequired();
    // the value sent stays the stored English name; only what the admin reads is Arabic
    expect(form.getByRole('checkbox', { name: 'تقويم الأسنان' })).toHaveAttribute('value', 'Orthodontics');
    expect(within(form.getByRole('combobox', { name: 'النوع' })).getByRole('option', { name: 'دورات' })).toHaveValue('courses');
    expect(form.getByText('لأكثر من مؤلف: افصل بين الأسماء بفاصلة لاتينية (,).')).toBeInTheDocument();
    expect(screen.queryByText('Product Information')).not.toBeInTheDocument();
  });

  test('Customer Orders: the count in the plural Arabic uses, the badge, the payment state, and EGP as Egyptians read it', async () => {
    const order = (overrides: Partial<AdminOrder>): AdminOrder => ({
      _id: anId(),
      number: 'A1B2C3',
      status: 'paid',
      delivered: false,
      createdAt: '2026-03-02T10:00:00.000Z',
      buyerName: 'هنا عادل',
      userEmail: 'hana@mail.test',
      total: 1200,
      currency: 'EGP',
      refunded: 0,
      provider: 'paymob',
      method: 'card',
      products: [{ _id: anId(), title: 'Clinical Endodontics', price: 1200 }],
      ...overrides,
    });
    const orders = [order({}), order({ number: 'D4E5F6', status: 'failed', delivered: false })];
    fakeServer({
      ...asAdmin,
      'GET /api/allusers/ordersdata': { body: { success: true, usersOrders: [{ username: 'hana', email: 'hana@mail.test', orders }], page: 1, totalPages: 1, total: 2 } },
    });
    renderApp('/Allusers/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'طلبات العملاء' })).toBeInTheDocument();
    expect(await screen.findByText('طلبان')).toBeInTheDocument();
    const first = within(screen.getByRole('listitem', { name: 'طلب رقم A1B2C3' }));
    expect(first.getByText('بانتظار التسليم')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'تأكيد التسليم' })).toBeEnabled();
    expect(first.getAllByText(/1,200\sج\.م\.‏/)).toHaveLength(2);
    expect(first.getByText('مارس', { exact: false })).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'طلب رقم D4E5F6' })).getByText('فشل الدفع: لا شيء للتسليم')).toBeInTheDocument();
  });
});
