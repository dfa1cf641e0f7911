/**
 * Every message the API answers with, under a stable code (DECISIONS 26): the server sends the code
 * beside the English text (`{ success: false, message, code }`, and `code` beside a successful
 * answer's `message`), and the UI decides by the code and will translate by it, never by the text.
 *
 * The English texts are the rules' own: a constant of the core's domain (or shared) is imported, so
 * the text lives once; a text written in a use case, an adapter or a zod schema (which this module
 * cannot import: the UI imports it, with no zod and no server code) is written here as well, and
 * tests/core/message-codes.test.ts holds each such constant to its entry, so they cannot drift.
 *
 * A text with variable parts is a template: `{name}` stands for any text, and the server finds its
 * code by matching the template (`codeOf`). No zod here: the UI imports this at run time.
 */
import {
  COUPON_DISABLED,
  COUPON_EXPIRED,
  COUPON_NOT_STARTED,
  COUPON_OUT_OF_SCOPE,
  COUPON_UNKNOWN,
  COUPON_USED_BY_YOU,
  COUPON_USED_UP,
} from '../core/coupons/domain/coupon';
import {
  AMOUNT_RULE,
  CODE_OR_COUNT,
  CODE_RULE,
  COUNT_RULE,
  COUPON_CODE_TAKEN,
  COUPON_DATES_RULE,
  MINIMUM_RULE,
  OFF_ONE_WAY,
  PERCENT_RULE,
  SCOPE_VALUES_NEEDED,
  SCOPE_VALUE_UNKNOWN,
  USES_RULE,
} from '../core/coupons/domain/coupon-draft';
import { DATES_BACKWARDS, DATE_RULE } from '../core/shared/days';
import { REPORT_PERIOD_RULE, REPORT_RANGE_TOO_LONG } from '../core/reports/domain/report';
import { AUDIT_ACTION_RULE, AUDIT_ADMIN_RULE } from '../core/audit/domain/filter';
import { UNKNOWN_LANGUAGE } from '../core/identity/domain/language-setting';
import { PRODUCT_NOT_FOUND } from '../core/shared/errors';
import { PASSWORD_MAX, PASSWORD_MIN } from '../core/identity/domain/password-policy';
import { PASSWORD_RESET_DONE, RESET_LINK_INVALID, RESET_LINK_SENT } from '../core/identity/domain/password-reset';
import {
  ACCOUNT_TAKEN,
  ALL_FIELDS,
  INVALID_EMAIL,
  NOT_SIGNED_IN,
  PASSWORDS_DIFFER,
  USERNAME_EMPTY,
  USERNAME_SHORT,
  USERNAME_TAKEN,
  WRONG_CREDENTIALS,
  WRONG_OLD_PASSWORD,
} from '../core/identity/domain/user';
import { ADMINS_ONLY } from '../core/identity/domain/rights';
import { EXTERNAL_SIGN_IN_MESSAGES as GOOGLE, GOOGLE_CONNECTED, PASSWORD_NEEDED, WRONG_PASSWORD } from '../core/identity/domain/external-identity';
import { BAD_RATE } from '../core/catalog/domain/exchange-rate';
import { BAD_CATEGORY, BAD_DELETED_FILTER, BAD_DIRECTION, BAD_SORT_KEY, BAD_TYPE, SEARCH_TOO_LONG as PRODUCTS_SEARCH_TOO_LONG } from '../core/catalog/domain/products-table';
import { FREE_OR_PRICED } from '../core/catalog/domain/free';
import { IMAGE_DAMAGED, IMAGE_TOO_BIG, NOT_AN_IMAGE, TOO_MANY_IMAGES, TOO_MANY_PIXELS } from '../core/catalog/domain/images';
import { NAME_HOLDS_LINK, PAYPAL_NEEDS_DETAILS } from '../core/cart/domain/checkout-form';
import { NO_PRODUCTS_NAMED, ORDER_NOT_FOUND, PRODUCT_NAMED_TWICE, TOO_MANY_PRODUCTS } from '../core/ordering/domain/order';
import {
  BAD_DATE,
  BAD_PROVIDER,
  DATES_REVERSED,
  SEARCH_TOO_LONG,
  SEARCH_TOO_SHORT,
  UNKNOWN_CURRENCY,
  UNKNOWN_SHOWN_STATUS,
} from '../core/ordering/domain/order-filter';
import {
  CONFIRMATION_RESENT,
  CUSTOMER_NOT_FOUND,
  CUSTOMER_SEARCH_TOO_LONG,
  CUSTOMER_SEARCH_TOO_SHORT,
  LIBRARY_LINK_RESENT,
  NOT_A_CUSTOMER,
  NO_GUEST_ORDERS,
  ONLY_PAID_CONFIRMED,
} from '../core/ordering/domain/customer';
import { LIBRARY_LINK_SENT, LIBRARY_LINK_SPENT, NO_LIBRARY_SESSION } from '../core/ordering/domain/guest-library';
import { WALLET_NUMBER_NEEDED } from '../core/ordering/domain/wallet-number';
import { NOT_PAID_BY_HAND, NOT_WAITING, NO_RECEIPT, REASON_NEEDED, REASON_TOO_LONG } from '../core/ordering/domain/payment-by-hand';
import { NOT_A_BUYER_ADDRESS, NOT_AN_ORDER_NUMBER } from '../core/delivery/domain/stamp';
import { COPY_BEING_PREPARED, TOO_LARGE_TO_STAMP } from '../core/delivery/domain/stamped-copy';
import { NOT_AN_EPUB, NOT_AN_MP4, NOT_A_PDF, NOT_A_ZIP, PROGRAM_NOT_A_DOCUMENT, ZIP_BOMB, ZIP_EMPTY, ZIP_TOO_MANY_ENTRIES } from '../core/delivery/domain/file-content';
import { ONLY_PDF_READS, PAGE_RULE } from '../core/delivery/domain/reading';
import {
  FILE_EMPTY,
  FILE_NAME_HAS_PATH,
  FILE_NAME_MISSING,
  FILE_NAME_TOO_LONG,
  FILE_NOT_FOUND,
  FILE_TOO_LARGE,
  TOO_MANY_FILES,
} from '../core/delivery/domain/product-file';
import { DOWNLOADS_PER_BUYER_RULE, DOWNLOAD_NOT_FOUND, LINE_REFUNDED, LINK_EXPIRED } from '../core/delivery/domain/downloads';

/** Each code with its English text (or template); codes are `area.what`, never renamed once shipped. */
export const MESSAGES = {
  // Requests the edge refuses before any rule sees them
  'request.unreadable': 'Bad request',
  'request.too_large': 'request entity too large',
  'request.no_such_call': 'No such API call',
  'request.no_such_sitemap': 'No such sitemap',
  'request.method_not_allowed': 'Method not allowed',
  'request.cross_site': 'Cross-site requests are not allowed',
  'request.address_too_long': 'The address is too long',
  'request.too_many': 'Too many requests from your network. Please try again in {wait}.',
  'request.unknown_field': 'Unrecognized key: {key}',
  'request.unknown_fields': 'Unrecognized keys: {keys}',
  'request.unknown_form_field': 'Unknown field: {field}',
  'request.invalid_input': 'Invalid input{detail}',
  'request.invalid_option': 'Invalid option{detail}',
  'request.too_big': 'Too big{detail}',
  'request.too_small': 'Too small{detail}',
  'request.invalid_text': 'Invalid string{detail}',
  'request.field_not_text': '{field} must be text',
  'request.field_too_long': '{field} is too long',
  'request.field_not_whole_number': '{field} must be a whole number',
  'request.page_out_of_range': 'page must be a whole number from 1 to {max}',
  'request.limit_out_of_range': 'limit must be a whole number from 1 to {max}',
  // The back office's reports and audit log (issue 21)
  'report.date_rule': DATE_RULE,
  'report.dates_backwards': DATES_BACKWARDS,
  'report.range_too_long': REPORT_RANGE_TOO_LONG,
  'report.period_rule': REPORT_PERIOD_RULE,
  'report.no_such_report': 'The report must be sales, products, downloads, pages or countries',
  'audit.admin_rule': AUDIT_ADMIN_RULE,
  'audit.action_rule': AUDIT_ACTION_RULE,
  'request.form_too_large': 'The form has too many fields or too much text',
  'request.form_unreadable': 'The form could not be read: send it as multipart/form-data or JSON',
  'request.files_not_here': 'Files cannot be sent under {field}',
  'request.upload_cut': 'The upload stopped before the end: nothing was saved. Please send the file again.',
  'text.control_characters': '{field} must not contain control characters',
  'text.broken': '{field} must not contain broken text: half of a character ({character}, an unpaired surrogate)',
  'text.replacement_character': '{field} must not contain U+FFFD, the mark of text lost on the way: type or paste it again',
  'text.noncharacter': '{field} must not contain {character}, which is not a character',
  'text.reordering': '{field} must not contain {character}, which reorders the text around it',

  // The store's own troubles
  'store.server_error': 'Something went wrong on our side. Please try again.',
  'store.database_unavailable': 'The store cannot reach its database. Please try again in a moment.',
  'store.busy': 'The store is very busy right now. Please try again in a moment.',
  'store.storage_unavailable': 'The store cannot reach its file storage. Please try again in a moment.',
  'store.storage_down': 'The file storage cannot be reached now: nothing was saved. Please try again in a moment.',
  /** /api/ready's refusal, for the operator's load balancer: what is not ready, in the adapter's words. */
  'store.not_ready': '{reason}',

  // Accounts
  'account.all_fields': ALL_FIELDS,
  'account.passwords_differ': PASSWORDS_DIFFER,
  'account.wrong_credentials': WRONG_CREDENTIALS,
  'account.not_signed_in': NOT_SIGNED_IN,
  'account.admins_only': ADMINS_ONLY,
  'account.username_empty': USERNAME_EMPTY,
  'account.unknown_language': UNKNOWN_LANGUAGE,
  'account.username_short': USERNAME_SHORT,
  'account.username_long': 'Username must be at most {max} characters',
  'account.username_letters_digits': 'Username can only have letters and digits',
  'account.invalid_email': INVALID_EMAIL,
  'account.username_taken': USERNAME_TAKEN,
  'account.taken': ACCOUNT_TAKEN,
  'account.wrong_old_password': WRONG_OLD_PASSWORD,
  'account.wrong_password': WRONG_PASSWORD,
  'account.password_needed': PASSWORD_NEEDED,
  'account.too_many_sign_ins': 'Too many failed sign-ins. Please try again in {wait}.',
  'account.too_many_password_checks': 'Too many wrong passwords. Please try again in {wait}.',
  'account.too_many_sign_ups': 'Too many new accounts from your network. Please try again in {wait}.',
  'account.created': 'Account created successfully! Welcome!',
  'account.signed_in': 'Signed in successfully',
  'account.renamed': 'Username updated successfully!',
  'account.password_changed': 'Password updated successfully!',
  'password.too_short': `Password should be at least ${PASSWORD_MIN} characters`,
  'password.too_long': `Password should be at maximum ${PASSWORD_MAX} characters`,
  'password.needs_uppercase': 'Password should have at least 1 uppercase letter',
  'password.needs_digits': 'Password should have at least 2 digits',
  'password.has_spaces': 'Password should not have spaces',
  'email.required': 'Email is required',
  'reset.link_sent': RESET_LINK_SENT,
  'reset.link_invalid': RESET_LINK_INVALID,
  'reset.done': PASSWORD_RESET_DONE,
  'reset.too_many_requests': 'Too many password reset requests. Please try again in {wait}.',
  'reset.too_many_tries': 'Too many password reset tries. Please try again in {wait}.',
  'google.failed': GOOGLE.failed,
  'google.expired': GOOGLE.expired,
  'google.cancelled': GOOGLE.cancelled,
  'google.unavailable': GOOGLE.unavailable,
  'google.has_password': GOOGLE['has-password'],
  'google.unverified': GOOGLE.unverified,
  'google.no_email': GOOGLE['no-email'],
  'google.other_google': GOOGLE['other-google'],
  'google.taken': GOOGLE['google-taken'],
  'google.has_google': GOOGLE['has-google'],
  'google.connected': GOOGLE_CONNECTED,
  'google.off': 'Sign-in with Google is not available on this store',

  // Catalogue
  'product.not_found': PRODUCT_NOT_FOUND,
  'catalog.no_such_category': 'No such category',
  'catalog.category_not_a_type': 'category must be a product type',
  'catalog.exclude_not_an_id': 'exclude must be a product id',
  'search.empty': 'Please enter something to search for',
  'search.too_long': 'Search is limited to {max} characters',
  'search.found': '{count} results found',
  'search.none': 'No results found',
  'visit.bad_page': "page must be a path starting with '/' of at most {max} characters",

  // The product editor
  'product.added': 'Product added successfully!',
  'product.updated': 'Product updated successfully!',
  'product.deleted': 'Product deleted successfully',
  'product.already_deleted': 'The product was already deleted',
  'product.recreated': 'Product is recreated successfully',
  'product.not_deleted': 'This product is not deleted, so there is nothing to recreate',
  'product.edited_meanwhile': 'Another admin saved this product after you opened it. Your changes were not saved: load it again to see theirs.',
  'product.bad_version': 'version must be the whole number the product was loaded with',
  'product.not_true_or_false': '{field} must be true or false',
  'product.duplicated': 'The product is duplicated: the copy is a new product, without the files',
  'products_table.bad_sort': BAD_SORT_KEY,
  'products_table.bad_direction': BAD_DIRECTION,
  'products_table.bad_type': BAD_TYPE,
  'products_table.bad_category': BAD_CATEGORY,
  'products_table.bad_deleted': BAD_DELETED_FILTER,
  'products_table.search_too_long': PRODUCTS_SEARCH_TOO_LONG,
  'product.free_or_priced': FREE_OR_PRICED,
  'product.field_required': '{field} is required',
  'product.field_too_long': '{field} must be at most {max} characters',
  'product.too_many_entries': '{field}: at most {max} entries',
  'product.entry_too_long': '{field}: each entry must be at most {max} characters',
  'product.negative': '{field} cannot be negative',
  'product.not_an_amount': '{field} must be a number with at most 2 decimals',
  'product.above_most': '{field} must be at most {max}',
  'product.wrong_shape': '{field} must be {shape}',
  'product.not_a_choice': '{field} must be one of: {choices}',
  'product.not_image_addresses': '{field} must be image addresses (a list, JSON or separated by commas)',
  'product.bad_image_address': 'Image addresses must start with https://, http:// or /: {address}',
  'product.unknown_book_category': 'Unknown book category: {category}',
  'product.bad_download_link': '{field} must start with https:// or http://',
  'image.not_an_image': `${NOT_AN_IMAGE}{name}`,
  'image.too_big': `${IMAGE_TOO_BIG}{name}`,
  'image.too_many': TOO_MANY_IMAGES,
  'image.too_many_pixels': `${TOO_MANY_PIXELS}{name}`,
  'image.damaged': `${IMAGE_DAMAGED}{name}`,
  'image.upload_too_large': `${TOO_MANY_IMAGES}, and ${IMAGE_TOO_BIG.toLowerCase()}`,
  'image.not_found': 'No such image',
  'reprice.done': 'updated successfully',
  'reprice.bad_rate': BAD_RATE,
  'reprice.would_give_away': 'Nothing was changed: at {rate} pounds per dollar, {titles} would cost 0 EGP while priced in USD. Raise their USD price or use a higher rate.',

  // Cart and checkout
  'cart.empty': 'Your cart is empty. Add some items to your cart before checking out.',
  'checkout.choose_method': 'Please select a payment method',
  'checkout.name_required': 'Name is required',
  'checkout.name_too_long': 'Name must be at most {max} characters',
  'checkout.name_holds_link': NAME_HOLDS_LINK,
  'checkout.wallet_number_needed': WALLET_NUMBER_NEEDED,
  'checkout.paypal_needs_details': PAYPAL_NEEDS_DETAILS,
  'checkout.no_products': NO_PRODUCTS_NAMED,
  'checkout.too_many_products': TOO_MANY_PRODUCTS,
  'checkout.product_twice': PRODUCT_NAMED_TWICE,
  'checkout.item_needs_product': 'Each item needs its productId',
  'checkout.product_id_not_an_id': 'productId must be a product id',
  'checkout.items_or_product': 'Name the products in items or in productId, not both',
  'checkout.not_orderable': '{titles} cannot be ordered right now: {why} not set in both currencies. Please contact the store.',
  'checkout.too_many_free_orders': 'Too many free orders. Please try again in {wait}.',
  'checkout.order_id_required': 'orderID is required',

  // Payment
  'payment.started': 'Payment started',
  'payment.order_created': 'Order created',
  'payment.completed': 'Payment completed successfully',
  'payment.declined_retry': 'Payment was declined. Please try another payment method.',
  'payment.failed': 'Payment failed. Please try again.',
  'payment.pending': 'Your payment is not confirmed yet. Your order will be completed as soon as it is, and you will get an e-mail.',
  'payment.provider_unreachable': 'We could not reach the payment provider to confirm your payment. If you were charged, your order will be completed shortly.',
  'payment.payer_action': 'PayPal needs you to confirm the payment. Taking you there…',
  'payment.init_failed': 'Payment initialization failed',
  'payment.none_started': 'No payment was started for this order',
  'payment.amount_mismatch': 'The payment does not match the order',
  'payment.settled_another_order': 'This payment already settled another order',
  'payment.no_longer_waiting': 'The order is no longer waiting for this payment',
  'payment.reference_expired': 'The reference this payment was made against had expired',
  'payment.notice_names_another_order': 'The payment notice names another order than the one it was signed for',
  'payment.notice_refused': 'Notification refused',
  'payment.notice_too_large': 'Notification too large',

  // Orders, refunds and transfers (the admin's and the buyer's)
  'order.not_found': ORDER_NOT_FOUND,
  'order.delivered': 'The order is marked as delivered',
  'order.not_paid': 'Only a paid order can be delivered',
  'order_search.too_short': SEARCH_TOO_SHORT,
  'order_search.too_long': SEARCH_TOO_LONG,
  'order_search.unknown_status': UNKNOWN_SHOWN_STATUS,
  'order_search.unknown_currency': UNKNOWN_CURRENCY,
  'order_search.bad_provider': BAD_PROVIDER,
  'order_search.bad_date': BAD_DATE,
  'order_search.dates_reversed': DATES_REVERSED,
  'customer.not_a_customer': NOT_A_CUSTOMER,
  'customer.not_found': CUSTOMER_NOT_FOUND,
  'customer.search_too_short': CUSTOMER_SEARCH_TOO_SHORT,
  'customer.search_too_long': CUSTOMER_SEARCH_TOO_LONG,
  'customer.confirmation_resent': CONFIRMATION_RESENT,
  'customer.library_link_resent': LIBRARY_LINK_RESENT,
  'customer.only_paid_confirmed': ONLY_PAID_CONFIRMED,
  'customer.no_guest_orders': NO_GUEST_ORDERS,
  'refund.done': 'The order is refunded',
  'refund.partly_done': 'The chosen products are refunded',
  'refund.nothing_paid': 'Nothing was paid for this order: there is nothing to refund',
  'refund.only_paid': 'Only a paid order can be refunded',
  'refund.not_in_order': 'A product to refund is not in this order',
  'refund.already_refunded': 'Every product named was refunded already',
  'refund.under_way': 'A refund of this order is under way: wait for it to finish',
  'refund.retry_later': 'The payment provider could not be reached. The refund will be tried again shortly.',
  'transfer.approved': 'The transfer is approved: the order is paid',
  'transfer.rejected': 'The transfer is rejected: the buyer is e-mailed the reason',
  'transfer.not_by_transfer': NOT_PAID_BY_HAND,
  'transfer.not_waiting': NOT_WAITING,
  'transfer.no_receipt': NO_RECEIPT,
  'transfer.reason_needed': REASON_NEEDED,
  'transfer.reason_too_long': REASON_TOO_LONG,
  'transfer.one_receipt': 'Send one picture of the receipt',
  'transfer.receipt_received': 'Receipt received. We will check your transfer and e-mail you.',

  // A guest's library
  'library.link_spent': LIBRARY_LINK_SPENT,
  'library.no_session': NO_LIBRARY_SESSION,
  'library.link_sent': LIBRARY_LINK_SENT,
  'library.link_incomplete': 'The link is incomplete',
  'library.too_many_links': 'Too many library link requests. Please try again in {wait}.',

  // Downloads and the reader
  'download.not_found': DOWNLOAD_NOT_FOUND,
  'download.link_expired': LINK_EXPIRED,
  'download.refunded': LINE_REFUNDED,
  'download.cap_reached': 'You have downloaded this purchase {limit}, its limit. If you need it again, write to {address}.',
  'download.copy_being_prepared': COPY_BEING_PREPARED,
  'download.range_outside_file': 'The requested range is outside the file',
  'download.per_buyer_rule': DOWNLOADS_PER_BUYER_RULE,
  'download.per_buyer_not_a_number': 'Downloads per buyer must be a number',
  'download.per_buyer_saved': 'Downloads per buyer saved',
  'download.reset': 'The downloads of this product are reset',
  'reader.page_rule': PAGE_RULE,
  'reader.page_not_a_number': 'The page must be a number',
  'reader.only_pdf': ONLY_PDF_READS,

  // Product files and stamping
  'file.added': 'File added',
  'file.removed': 'File removed',
  'file.not_found': FILE_NOT_FOUND,
  'file.name_missing': FILE_NAME_MISSING,
  'file.name_required': 'Send the file name as ?name=',
  'file.name_has_path': FILE_NAME_HAS_PATH,
  'file.name_too_long': FILE_NAME_TOO_LONG,
  'file.unsupported_extension': '"{name}" is not a PDF, EPUB, ZIP or MP4 file: the name must end in .pdf, .epub, .zip or .mp4',
  'file.empty': FILE_EMPTY,
  'file.too_large': FILE_TOO_LARGE,
  'file.too_many': TOO_MANY_FILES,
  'file.not_a_pdf': NOT_A_PDF,
  'file.program': PROGRAM_NOT_A_DOCUMENT,
  'file.not_a_zip': NOT_A_ZIP,
  'file.not_an_epub': NOT_AN_EPUB,
  'file.not_an_mp4': NOT_AN_MP4,
  'file.zip_too_many_entries': ZIP_TOO_MANY_ENTRIES,
  'file.zip_bomb': ZIP_BOMB,
  'file.zip_empty': ZIP_EMPTY,
  'file.zip_unreadable': 'This ZIP archive cannot be read: {why}',
  'stamp.not_a_buyer_address': NOT_A_BUYER_ADDRESS,
  'stamp.not_an_order_number': NOT_AN_ORDER_NUMBER,
  'stamp.too_large': TOO_LARGE_TO_STAMP,
  'stamp.unreadable_pdf': 'This file could not be read as a PDF, so the store cannot stamp it',
  'stamp.encrypted_pdf': 'This PDF is encrypted or password-protected, so the store cannot stamp it: upload it without protection',
  'stamp.pdf_without_pages': 'This PDF has no pages to stamp',
  'stamp.unreadable_epub': 'This file could not be read as an EPUB, so the store cannot stamp it',
  'stamp.epub_too_large': 'This EPUB unpacks to more than 512 MB, more than the store stamps',

  // Coupons (issue 21): at checkout, then the admin's
  'coupon.unknown': COUPON_UNKNOWN,
  'coupon.disabled': COUPON_DISABLED,
  'coupon.not_started': COUPON_NOT_STARTED,
  'coupon.expired': COUPON_EXPIRED,
  'coupon.used_up': COUPON_USED_UP,
  'coupon.used_by_you': COUPON_USED_BY_YOU,
  'coupon.out_of_scope': COUPON_OUT_OF_SCOPE,
  'coupon.under_minimum': 'This coupon needs an order of at least {minimum}',
  'coupon.code_rule': CODE_RULE,
  'coupon.code_or_count': CODE_OR_COUNT,
  'coupon.count_rule': COUNT_RULE,
  'coupon.off_one_way': OFF_ONE_WAY,
  'coupon.percent_rule': PERCENT_RULE,
  'coupon.amount_rule': AMOUNT_RULE,
  'coupon.minimum_rule': MINIMUM_RULE,
  'coupon.scope_values_needed': SCOPE_VALUES_NEEDED,
  'coupon.scope_value_unknown': SCOPE_VALUE_UNKNOWN,
  'coupon.date_rule': COUPON_DATES_RULE,
  'coupon.uses_rule': USES_RULE,
  'coupon.code_taken': COUPON_CODE_TAKEN,
  'coupon.not_found': 'Coupon not found',
  'coupon.created': 'Coupons created',
  'coupon.disabled_done': 'Coupon disabled',
  'coupon.scope_kind': 'scope must be all, products, types or categories',
  'coupon.values_list': 'values must be a list',
  'coupon.too_many_values': 'A coupon names at most 100 products, types or categories',
  'request.field_not_number': '{field} must be a number',

  // Background jobs (the admin's list)
  'job.bad_id': 'A job id is the 36-character id the list of failed jobs shows',
  'job.not_failed': 'No failed job has this id: it may have been retried already',
  'job.retried': 'The job is queued again',

  /**
   * A message this table does not list: a payment provider's own words passed on (a refund it
   * refused, a payment it declined). Shown as it is; every text of the store itself has its code.
   */
  unlisted: '{message}',
} as const satisfies Record<string, string>;

export type MessageCode = keyof typeof MESSAGES;
export const MESSAGE_CODES = Object.keys(MESSAGES) as [MessageCode, ...MessageCode[]];

/** The password rules (core/identity/domain/password-policy.ts): a form keeps them on screen longer (spec 8). */
export const PASSWORD_RULE_CODES: readonly MessageCode[] = [
  'password.too_short',
  'password.too_long',
  'password.needs_uppercase',
  'password.needs_digits',
  'password.has_spaces',
];

const PLACEHOLDER = /\{[a-z]+\}/g;
const HAS_PLACEHOLDER = /\{[a-z]+\}/;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template as a pattern: its fixed text exactly, each placeholder any text (a line's, or none). */
const patternOf = (template: string) => new RegExp(`^${template.split(PLACEHOLDER).map(escaped).join('[^\\n]*?')}$`);

const entries = Object.entries(MESSAGES) as [MessageCode, string][];
const EXACT = new Map<string, MessageCode>(entries.filter(([, text]) => !HAS_PLACEHOLDER.test(text)).map(([code, text]) => [text, code]));
/**
 * Templates, the one with the most fixed text first: the most specific matches before a looser one.
 * A template that is all placeholder ('unlisted', 'store.not_ready') matches nothing: only a route
 * that knows what it says gives that code.
 */
const TEMPLATES = entries
  .map(([code, text]) => ({ code, text, fixed: text.replace(PLACEHOLDER, '').length }))
  .filter(({ text, fixed }) => HAS_PLACEHOLDER.test(text) && fixed > 0)
  .map(({ code, text, fixed }) => ({ code, pattern: patternOf(text), fixed }))
  .sort((a, b) => b.fixed - a.fixed);

/** The code of one line of message: its text's, else the first template it matches, else 'unlisted'. */
export const codeOf = (line: string): MessageCode =>
  EXACT.get(line) ?? TEMPLATES.find((t) => t.pattern.test(line))?.code ?? 'unlisted';

/** A message of several lines (the password rules, a product form's problems) has a code per line. */
export const codesOf = (message: string): MessageCode[] => message.split('\n').map(codeOf);
