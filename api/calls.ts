/**
 * Every call of the API, defined once: its method and its path under `/api` (spec section 7, with
 * the calls DECISIONS 1 and 3 add), with `:name` parameters. The server routes each call from
 * here (adapters/http/calls.ts), the UI's client builds its requests from here, the UI tests' fake
 * server refuses a call that is not here, and the sign-in turns are taken by the calls marked here.
 * The calls' request and answer schemas are in api/schemas.ts under the same names; this file has
 * no zod, so the UI's bundle can read it.
 */
export interface Call {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  /**
   * Runs the password hash or starts a session: such calls take turns, a few at once per process
   * (adapters/http/sign-in-turns.ts), so a flood of them never holds every shopper's answers.
   */
  readonly turn?: true;
  /** Only for a signed-in user: a signed-out caller is answered 401 before the body is read. */
  readonly signedIn?: true;
}

export const CALLS = {
  // Catalogue and search
  products: { method: 'GET', path: '/backendproduct/getproducts' },
  recommended: { method: 'GET', path: '/backendproduct/recommended' },
  details: { method: 'GET', path: '/backendproduct/details/:id' },
  related: { method: 'GET', path: '/backendproduct/related' },
  shelf: { method: 'GET', path: '/category/:type' },
  categoryShelf: { method: 'GET', path: '/category/:type/:category' },
  search: { method: 'POST', path: '/search' },
  // Location
  country: { method: 'GET', path: '/getip' },
  visit: { method: 'POST', path: '/getip' },
  // Session and account
  signUp: { method: 'POST', path: '/user/signup', turn: true },
  signIn: { method: 'POST', path: '/user/login', turn: true },
  signOut: { method: 'POST', path: '/user/signout' },
  isLogged: { method: 'GET', path: '/user/islogged' },
  sessionCheck: { method: 'GET', path: '/user/islogged2' },
  profile: { method: 'GET', path: '/user/profiledata' },
  rename: { method: 'POST', path: '/user/usernamechange', signedIn: true },
  changePassword: { method: 'POST', path: '/user/passwordChange', turn: true, signedIn: true },
  forgotPassword: { method: 'POST', path: '/user/forgot-password', turn: true },
  resetPassword: { method: 'POST', path: '/user/forgot-password/:token', turn: true },
  googleSignIn: { method: 'GET', path: '/auth/google' },
  googleReturn: { method: 'GET', path: '/auth/google/callback' },
  connectGoogle: { method: 'POST', path: '/auth/google/connect', turn: true, signedIn: true },
  // The language the owner picks in the chooser, kept with the account (issue 20).
  chooseLanguage: { method: 'POST', path: '/user/language', signedIn: true },
  // Cart
  cartCount: { method: 'GET', path: '/addtocart/CartCount' },
  inCart: { method: 'GET', path: '/addtocart/:id' },
  addToCart: { method: 'POST', path: '/addtocart', signedIn: true },
  removeFromCart: { method: 'DELETE', path: '/addtocart/:id' },
  cart: { method: 'GET', path: '/cartspecific' },
  cartProducts: { method: 'POST', path: '/cartspecific', signedIn: true },
  // Checkout, payment and delivery
  checkoutProduct: { method: 'GET', path: '/checkout/productdetails/:id' },
  paymentSettings: { method: 'GET', path: '/payment/settings' },
  startPayment: { method: 'POST', path: '/checkout/start', signedIn: true },
  pay: { method: 'POST', path: '/checkout/pay', signedIn: true },
  createPayPalOrder: { method: 'POST', path: '/paypal/create-order', signedIn: true },
  capturePayPalOrder: { method: 'POST', path: '/paypal/capture-order', signedIn: true },
  // Mounted by the transfer provider's folder (adapters/payments/transfer), with the store's receipt route.
  sendReceipt: { method: 'POST', path: '/payments/transfer/orders/:orderId/receipt', signedIn: true },
  order: { method: 'GET', path: '/orders/:orderId' },
  // A guest's checkout and library (DECISIONS 25): calls of their own, so the spec's answer 401 signed out.
  guestStartPayment: { method: 'POST', path: '/guest/checkout/start' },
  guestCapture: { method: 'POST', path: '/guest/paypal/capture-order' },
  guestOrder: { method: 'GET', path: '/guest/orders/:orderId' },
  openLibrary: { method: 'POST', path: '/guest/library/open' },
  library: { method: 'GET', path: '/guest/library' },
  askLibraryLink: { method: 'POST', path: '/guest/library/link', turn: true },
  closeLibrary: { method: 'POST', path: '/guest/library/signout' },
  download: { method: 'GET', path: '/orders/:orderId/download/:productId' },
  // Product files (issue 19): a fresh link per click, then the file itself, in parts if asked; for an
  // account or a guest's library session (so not `signedIn`: the core answers 401 to neither).
  fileLink: { method: 'POST', path: '/orders/:orderId/files/:productId/:fileId/link' },
  fileDownload: { method: 'GET', path: '/orders/:orderId/files/:productId/:fileId' },
  // The in-browser reader: its own link (logged as reading), and the last page read, kept on the server.
  readLink: { method: 'POST', path: '/orders/:orderId/files/:productId/:fileId/read-link' },
  readingPage: { method: 'GET', path: '/orders/:orderId/files/:productId/:fileId/page' },
  saveReadingPage: { method: 'PUT', path: '/orders/:orderId/files/:productId/:fileId/page' },
  // Admin
  customerOrders: { method: 'GET', path: '/allusers/ordersdata', signedIn: true },
  deliver: { method: 'PUT', path: '/allusers/update-delivery/:orderId', signedIn: true },
  refundOrder: { method: 'POST', path: '/admin/orders/:orderId/refund', signedIn: true },
  // The admin's order search's CSV and an order's timeline (issue 21).
  exportOrders: { method: 'GET', path: '/admin/orders/export', signedIn: true },
  orderTimeline: { method: 'GET', path: '/admin/orders/:orderId/timeline', signedIn: true },
  resendConfirmation: { method: 'POST', path: '/admin/orders/:orderId/resend-confirmation', signedIn: true },
  // The back office's customers (issue 21): accounts and guests, a customer's page, a guest's library link sent again.
  customers: { method: 'GET', path: '/admin/customers', signedIn: true },
  customer: { method: 'GET', path: '/admin/customers/:id', signedIn: true },
  resendLibraryLink: { method: 'POST', path: '/admin/customers/:id/resend-library-link', signedIn: true },
  approveTransfer: { method: 'POST', path: '/admin/orders/:orderId/approve-transfer', signedIn: true },
  rejectTransfer: { method: 'POST', path: '/admin/orders/:orderId/reject-transfer', signedIn: true },
  transferReceipt: { method: 'GET', path: '/admin/orders/:orderId/receipt', signedIn: true },
  editableProduct: { method: 'GET', path: '/backendproduct/getdetailsforrUpdate/:id', signedIn: true },
  addProduct: { method: 'POST', path: '/backendproduct/addnew', signedIn: true },
  updateProduct: { method: 'POST', path: '/backendproduct/updateTheDetails/:id', signedIn: true },
  removeProduct: { method: 'DELETE', path: '/backendproduct/remove/:id', signedIn: true },
  recreateProduct: { method: 'POST', path: '/backendproduct/recreateproduct/:id', signedIn: true },
  reprice: { method: 'POST', path: '/backendproduct/updateproductprices', signedIn: true },
  // The products table, the duplicate of a product and Update Prices' preview (issue 21).
  productsTable: { method: 'GET', path: '/admin/products', signedIn: true },
  duplicateProduct: { method: 'POST', path: '/admin/products/:id/duplicate', signedIn: true },
  repricePreview: { method: 'GET', path: '/admin/products/reprice-preview', signedIn: true },
  productFiles: { method: 'GET', path: '/admin/products/:id/files', signedIn: true },
  addProductFile: { method: 'POST', path: '/admin/products/:id/files', signedIn: true },
  removeProductFile: { method: 'DELETE', path: '/admin/products/:id/files/:fileId', signedIn: true },
  setDownloadsPerBuyer: { method: 'PUT', path: '/admin/products/:id/downloads-per-buyer', signedIn: true },
  orderDownloads: { method: 'GET', path: '/admin/orders/:orderId/downloads', signedIn: true },
  resetDownloads: { method: 'POST', path: '/admin/orders/:orderId/downloads/:productId/reset', signedIn: true },
  audit: { method: 'GET', path: '/admin/audit', signedIn: true },
  // Coupons (issue 21)
  coupons: { method: 'GET', path: '/admin/coupons', signedIn: true },
  createCoupons: { method: 'POST', path: '/admin/coupons', signedIn: true },
  disableCoupon: { method: 'POST', path: '/admin/coupons/:id/disable', signedIn: true },
  auditAdmins: { method: 'GET', path: '/admin/audit/admins', signedIn: true },
  // The owner's reports (issue 21): JSON for the screen, CSV for a spreadsheet.
  salesReport: { method: 'GET', path: '/admin/reports/sales', signedIn: true },
  productsReport: { method: 'GET', path: '/admin/reports/products', signedIn: true },
  visitsReport: { method: 'GET', path: '/admin/reports/visits', signedIn: true },
  reportCsv: { method: 'GET', path: '/admin/reports/:report/csv', signedIn: true },
  failedJobs: { method: 'GET', path: '/admin/jobs', signedIn: true },
  retryJob: { method: 'POST', path: '/admin/jobs/:id/retry', signedIn: true },
  // For the proxy and the process manager
  health: { method: 'GET', path: '/health' },
  ready: { method: 'GET', path: '/ready' },
} as const satisfies Record<string, Call>;

export type CallName = keyof typeof CALLS;

/** A call's path with its parameters filled in, each encoded: `pathOf('details', { id })`. */
export const pathOf = (name: CallName, params: Readonly<Record<string, string>> = {}): string =>
  CALLS[name].path.replace(/:([a-zA-Z]+)/g, (_, param: string) => encodeURIComponent(params[param] ?? ''));

const matchers = Object.entries(CALLS).map(([name, call]) => ({
  name: name as CallName,
  call: call as Call,
  exact: !call.path.includes(':'),
  pattern: new RegExp(`^/api${call.path.replace(/:[a-zA-Z]+/g, '[^/]+')}$`),
}));

/** The call a request makes ('GET', '/api/addtocart/CartCount'): exact paths win over parameters. */
export const callOf = (method: string, pathname: string): CallName | undefined => {
  const found = matchers.filter((m) => m.call.method === method && m.pattern.test(pathname));
  return (found.find((m) => m.exact) ?? found[0])?.name;
};
