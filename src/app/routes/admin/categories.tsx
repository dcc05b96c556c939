import { AdminCategories } from '../../../features/admin/components/admin-categories';

export function Component() {
  return <AdminCategories />;
}
