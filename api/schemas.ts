import { z } from 'zod';
import { couponDisabledAnswer, couponsAnswer, couponsCreatedAnswer, createCouponsRequest } from './coupons';
import { CALLS, CallName, callOf } from './calls';
import { duplicatedAnswer, productsTableAnswer, productsTableQuery, repricePreviewAnswer } from './products-table';
import { customerAnswer, customersAnswer, customersQuery, resentAnswer } from './admin-customers';
import { exportOrdersQuery, orderTimelineAnswer, ordersQuery } from './admin-orders';
import { addToCartRequest, addedAnswer, cartAnswer, cartCountAnswer, cartProductsAnswer, cartProductsRequest, inCartAnswer } from './cart';
import {
  detailsAnswer,
  pageQuery,
  productsAnswer,
  recommendedAnswer,
  relatedAnswer,
  relatedQuery,
  searchAnswer,
  searchRequest,
  shelfAnswer,
} from './catalog';
import {
  changePasswordRequest,
  connectGoogleAnswer,
  connectGoogleRequest,
  chooseLanguageRequest,
  languageChosenAnswer,
  forgotPasswordRequest,
  isLoggedAnswer,
  passwordChangedAnswer,
  passwordResetAnswer,
  profileAnswer,
  renameRequest,
  renamedAnswer,
  resetPasswordRequest,
  resetRequestedAnswer,
  sessionCheckAnswer,
  signInRequest,
  signOutRequest,
  signUpRequest,
  signedInAnswer,
  signedOutAnswer,
} from './accounts';
import {
  adminPageQuery,
  auditAnswer,
  customerOrdersAnswer,
  rejectTransferRequest,
  transferDecisionAnswer,
  deliveredAnswer,
  refundAnswer,
  refundRequest,
  editableProductAnswer,
  productChangedAnswer,
  productSavedAnswer,
  repricedAnswer,
} from './admin';
import { failedJobsAnswer, jobRetriedAnswer } from './jobs';
import { auditAdminsAnswer, auditQuery, productsReportAnswer, reportQuery, salesReportAnswer, visitsReportAnswer } from './reports';
import { countryAnswer, visitAnswer, visitRequest } from './location';
import {
  addFileQuery,
  downloadsPerBuyerAnswer,
  downloadsPerBuyerRequest,
  downloadsResetAnswer,
  fileAddedAnswer,
  fileDownloadQuery,
  fileLinkAnswer,
  fileRemovedAnswer,
  orderDownloadsAnswer,
  productFilesAnswer,
  readLinkAnswer,
  readingPageAnswer,
  readingPageRequest,
} from './delivery';
import { healthAnswer, readyAnswer } from './health';
import { closeLibraryRequest, libraryAnswer, libraryClosedAnswer, libraryLinkAnswer, libraryLinkRequest, libraryOpenedAnswer, openLibraryRequest } from './guest';
import {
  captureAnswer,
  captureRequest,
  checkoutProductAnswer,
  createOrderAnswer,
  createOrderRequest,
  orderAnswer,
  receiptAnswer,
  payAnswer,
  payRequest,
  paymentSettingsAnswer,
  startPaymentAnswer,
  startPaymentRequest,
} from './ordering';

/**
 * What a call takes and gives, under its name in CALLS: a JSON body, a query, and its successful
 * answer. Every request schema is strict: a field no form of the call sends is refused (400,
 * naming it). A call without `answer` answers with a redirect or a file; `multipart` calls carry
 * the product form, read by adapters/http/product-form.ts.
 */
export interface CallSchemas {
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly multipart?: true;
  readonly answer?: z.ZodType;
}

export const SCHEMAS = {
  products: { query: pageQuery, answer: productsAnswer },
  recommended: { query: pageQuery, answer: recommendedAnswer },
  details: { answer: detailsAnswer },
  related: { query: relatedQuery, answer: relatedAnswer },
  shelf: { query: pageQuery, answer: shelfAnswer },
  categoryShelf: { query: pageQuery, answer: shelfAnswer },
  search: { body: searchRequest, answer: searchAnswer },
  country: { answer: countryAnswer },
  visit: { body: visitRequest, answer: visitAnswer },
  signUp: { body: signUpRequest, answer: signedInAnswer },
  signIn: { body: signInRequest, answer: signedInAnswer },
  signOut: { body: signOutRequest, answer: signedOutAnswer },
  isLogged: { answer: isLoggedAnswer },
  sessionCheck: { answer: sessionCheckAnswer },
  profile: { answer: profileAnswer },
  rename: { body: renameRequest, answer: renamedAnswer },
  changePassword: { body: changePasswordRequest, answer: passwordChangedAnswer },
  forgotPassword: { body: forgotPasswordRequest, answer: resetRequestedAnswer },
  resetPassword: { body: resetPasswordRequest, answer: passwordResetAnswer },
  googleSignIn: {},
  googleReturn: {},
  connectGoogle: { body: connectGoogleRequest, answer: connectGoogleAnswer },
  chooseLanguage: { body: chooseLanguageRequest, answer: languageChosenAnswer },
  cartCount: { answer: cartCountAnswer },
  inCart: { answer: inCartAnswer },
  addToCart: { body: addToCartRequest, answer: addedAnswer },
  removeFromCart: { answer: cartCountAnswer },
  cart: { answer: cartAnswer },
  cartProducts: { body: cartProductsRequest, answer: cartProductsAnswer },
  checkoutProduct: { answer: checkoutProductAnswer },
  paymentSettings: { answer: paymentSettingsAnswer },
  startPayment: { body: startPaymentRequest, answer: startPaymentAnswer },
  pay: { body: payRequest, answer: payAnswer },
  createPayPalOrder: { body: createOrderRequest, answer: createOrderAnswer },
  capturePayPalOrder: { body: captureRequest, answer: captureAnswer },
  sendReceipt: { multipart: true, answer: receiptAnswer },
  order: { answer: orderAnswer },
  guestStartPayment: { body: startPaymentRequest, answer: startPaymentAnswer },
  guestCapture: { body: captureRequest, answer: captureAnswer },
  guestOrder: { answer: orderAnswer },
  openLibrary: { body: openLibraryRequest, answer: libraryOpenedAnswer },
  library: { answer: libraryAnswer },
  askLibraryLink: { body: libraryLinkRequest, answer: libraryLinkAnswer },
  closeLibrary: { body: closeLibraryRequest, answer: libraryClosedAnswer },
  download: {},
  fileLink: { answer: fileLinkAnswer },
  fileDownload: { query: fileDownloadQuery },
  readLink: { answer: readLinkAnswer },
  readingPage: { answer: readingPageAnswer },
  saveReadingPage: { body: readingPageRequest, answer: readingPageAnswer },
  customerOrders: { query: ordersQuery, answer: customerOrdersAnswer },
  exportOrders: { query: exportOrdersQuery },
  orderTimeline: { answer: orderTimelineAnswer },
  resendConfirmation: { answer: resentAnswer },
  customers: { query: customersQuery, answer: customersAnswer },
  customer: { answer: customerAnswer },
  resendLibraryLink: { answer: resentAnswer },
  deliver: { answer: deliveredAnswer },
  refundOrder: { body: refundRequest, answer: refundAnswer },
  approveTransfer: { answer: transferDecisionAnswer },
  rejectTransfer: { body: rejectTransferRequest, answer: transferDecisionAnswer },
  transferReceipt: {},
  editableProduct: { answer: editableProductAnswer },
  addProduct: { multipart: true, answer: productSavedAnswer },
  updateProduct: { multipart: true, answer: productSavedAnswer },
  removeProduct: { answer: productChangedAnswer },
  recreateProduct: { answer: productChangedAnswer },
  reprice: { answer: repricedAnswer },
  productsTable: { query: productsTableQuery, answer: productsTableAnswer },
  duplicateProduct: { answer: duplicatedAnswer },
  repricePreview: { answer: repricePreviewAnswer },
  productFiles: { answer: productFilesAnswer },
  addProductFile: { query: addFileQuery, answer: fileAddedAnswer },
  removeProductFile: { answer: fileRemovedAnswer },
  setDownloadsPerBuyer: { body: downloadsPerBuyerRequest, answer: downloadsPerBuyerAnswer },
  orderDownloads: { answer: orderDownloadsAnswer },
  resetDownloads: { answer: downloadsResetAnswer },
  coupons: { query: adminPageQuery, answer: couponsAnswer },
  createCoupons: { body: createCouponsRequest, answer: couponsCreatedAnswer },
  disableCoupon: { answer: couponDisabledAnswer },
  audit: { query: auditQuery, answer: auditAnswer },
  auditAdmins: { answer: auditAdminsAnswer },
  salesReport: { query: reportQuery, answer: salesReportAnswer },
  productsReport: { query: reportQuery, answer: productsReportAnswer },
  visitsReport: { query: reportQuery, answer: visitsReportAnswer },
  reportCsv: { query: reportQuery },
  failedJobs: { answer: failedJobsAnswer },
  retryJob: { answer: jobRetriedAnswer },
  health: { answer: healthAnswer },
  ready: { answer: readyAnswer },
} as const satisfies Record<CallName, CallSchemas>;

type Schemas<N extends CallName> = (typeof SCHEMAS)[N];
/** The JSON body a call takes, as a client writes it. */
export type RequestOf<N extends CallName> = Schemas<N> extends { body: z.ZodType } ? z.input<Schemas<N>['body']> : never;
/** The body a call's route reads, checked. */
export type BodyOf<N extends CallName> = Schemas<N> extends { body: z.ZodType } ? z.output<Schemas<N>['body']> : undefined;
/** The query a call's route reads, checked. */
export type QueryOf<N extends CallName> = Schemas<N> extends { query: z.ZodType } ? z.output<Schemas<N>['query']> : undefined;
/** A call's successful answer. */
export type AnswerOf<N extends CallName> = Schemas<N> extends { answer: z.ZodType } ? z.infer<Schemas<N>['answer']> : never;

/** The answer schema of a request ('GET', '/api/addtocart/CartCount'), if the call answers JSON. */
export const answerSchemaOf = (method: string, pathname: string): z.ZodType | undefined => {
  const name = callOf(method, pathname);
  return name ? (SCHEMAS[name] as CallSchemas).answer : undefined;
};

/** Every call that answers JSON, as 'METHOD /api/path'. */
export const JSON_CALLS: readonly string[] = (Object.keys(CALLS) as CallName[])
  .filter((name) => (SCHEMAS[name] as CallSchemas).answer)
  .map((name) => `${CALLS[name].method} /api${CALLS[name].path}`);
