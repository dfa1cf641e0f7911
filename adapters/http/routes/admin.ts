import Router from '@koa/router';
import { AuditTrail } from '../../../core/audit/use-cases';
import { ManageProducts } from '../../../core/catalog/use-cases/manage-products';
import { CustomerOrders } from '../../../core/ordering/use-cases/customer-orders';

export interface AdminUseCases {
  readonly customerOrders: CustomerOrders;
  readonly manageProducts: ManageProducts;
  readonly auditTrail: AuditTrail;
}

/** SKELETON: the admin calls (spec section 7 'Admin'), to be built. */
export const adminRoutes = (_router: Router, _useCases: AdminUseCases) => {};
