import { z } from 'zod';
import { cartAnswer, cartCountAnswer, cartProductsAnswer, addedAnswer, inCartAnswer } from './cart';
import {
  detailsAnswer,
  productsAnswer,
  recommendedAnswer,
  relatedAnswer,
  searchAnswer,
  shelfAnswer,
} from './catalog';
import {
  connectGoogleAnswer,
  isLoggedAnswer,
  passwordChangedAnswer,
  passwordResetAnswer,
  profileAnswer,
  resetRequestedAnswer,
  renamedAnswer,
  sessionCheckAnswer,
  signedInAnswer,
  signedOutAnswer,
} from './accounts';
import {
  auditAnswer,
  customerOrdersAnswer,
  deliveredAnswer,
  editableProductAnswer,
  productChangedAnswer,
  productSavedAnswer,
  repricedAnswer,
} from './admin';
import { countryAnswer, visitAnswer } from './location';
import { healthAnswer, readyAnswer } from './health';
import { captureAnswer, checkoutProductAnswer, createOrderAnswer, orderAnswer, payAnswer, paymentSettingsAnswer } from './ordering';

/** Every call of the API and its successful answer, as 'METHOD /api/path' with `:name` parameters. */
export const ANSWERS: Readonly<Record<string, z.ZodType>> = {
  'GET /api/backendproduct/getproducts': productsAnswer,
  'GET /api/backendproduct/recommended': recommendedAnswer,
  'GET /api/backendproduct/details/:id': detailsAnswer,
  'GET /api/backendproduct/related': relatedAnswer,
  'GET /api/category/:type': shelfAnswer,
  'GET /api/category/:type/:category': shelfAnswer,
  'POST /api/search': searchAnswer,
  'GET /api/getip': countryAnswer,
  'POST /api/getip': visitAnswer,
  'POST /api/user/signup': signedInAnswer,
  'POST /api/user/login': signedInAnswer,
  'POST /api/user/signout': signedOutAnswer,
  'GET /api/user/islogged': isLoggedAnswer,
  'GET /api/user/islogged2': sessionCheckAnswer,
  'GET /api/user/profiledata': profileAnswer,
  'POST /api/user/usernamechange': renamedAnswer,
  'POST /api/user/passwordChange': passwordChangedAnswer,
  'POST /api/auth/google/connect': connectGoogleAnswer,
  'POST /api/user/forgot-password': resetRequestedAnswer,
  'POST /api/user/forgot-password/:token': passwordResetAnswer,
  'GET /api/addtocart/CartCount': cartCountAnswer,
  'GET /api/addtocart/:id': inCartAnswer,
  'POST /api/addtocart': addedAnswer,
  'DELETE /api/addtocart/:id': cartCountAnswer,
  'GET /api/cartspecific': cartAnswer,
  'POST /api/cartspecific': cartProductsAnswer,
  'GET /api/checkout/productdetails/:id': checkoutProductAnswer,
  'GET /api/payment/settings': paymentSettingsAnswer,
  'POST /api/checkout/pay': payAnswer,
  'POST /api/paypal/create-order': createOrderAnswer,
  'POST /api/paypal/capture-order': captureAnswer,
  'GET /api/orders/:orderId': orderAnswer,
  'GET /api/allusers/ordersdata': customerOrdersAnswer,
  'PUT /api/allusers/update-delivery/:orderId': deliveredAnswer,
  'GET /api/backendproduct/getdetailsforrUpdate/:id': editableProductAnswer,
  'POST /api/backendproduct/addnew': productSavedAnswer,
  'POST /api/backendproduct/updateTheDetails/:id': productSavedAnswer,
  'DELETE /api/backendproduct/remove/:id': productChangedAnswer,
  'POST /api/backendproduct/recreateproduct/:id': productChangedAnswer,
  'POST /api/backendproduct/updateproductprices': repricedAnswer,
  'GET /api/admin/audit': auditAnswer,
  'GET /api/health': healthAnswer,
  'GET /api/ready': readyAnswer,
};

const patterns = Object.entries(ANSWERS).map(([call, schema]) => {
  const [method, path] = call.split(' ') as [string, string];
  const source = path.replace(/:[a-z]+/gi, '[^/]+');
  return { method, path, exact: !path.includes(':'), regex: new RegExp(`^${source}$`), schema };
});

/** The answer schema of a request ('GET', '/api/addtocart/CartCount'): exact paths win over parameters. */
export const answerSchemaOf = (method: string, pathname: string): z.ZodType | undefined => {
  const candidates = patterns.filter((p) => p.method === method && p.regex.test(pathname));
  return (candidates.find((p) => p.exact) ?? candidates[0])?.schema;
};
