import { AdminProducts } from '../../../features/admin/components/admin-products';

export function Component() {
  return <AdminProducts />;
}
