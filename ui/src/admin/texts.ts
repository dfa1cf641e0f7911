/** The back office's words (spec sections 2, 4 and 8), shown as written. */
export const ADMIN_REQUIRED = 'Admin access is required to access this page';
export const ORDERS_LOAD_FAILED = 'Failed to fetch orders data.';
export const DELIVERY_FAILED = 'Failed to update delivery status.';

export const ACCESS_RESTRICTED = 'Access Restricted';
export const ACCESS_RESTRICTED_TEXT =
  'You need administrator privileges to access the Product Management Suite. Please contact your system administrator for access.';
export const ADMIN_ACCESS_REQUIRED = 'Admin Access Required';

export const PRODUCT_ADDED = 'Product added successfully!';
export const PRODUCT_UPDATED = 'Product updated successfully!';
export const PRICES_UPDATED = 'updated successfully';
export const PRODUCT_RECREATED = 'Product is recreated successfully';
export const PRODUCT_DELETED = 'Product deleted successfully';
export const ADD_FAILED = 'Failed to add the product: ';
export const UPDATE_FAILED = 'Failed to update product: ';
export const PRICES_FAILED = 'failed to update the product prices and the error is: ';
export const RECREATE_FAILED = 'failed to recreate the product';
/** The spec only logs these two; an admin is better told (DECISIONS: what an admin would expect). */
export const DELETE_FAILED = 'Failed to delete the product: ';
export const LOAD_FAILED = 'Failed to load the product';
export const CAREFUL_DELETING = 'Be careful when deleting products';

/** An error's own words: the server's message, or what went wrong on the way. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
