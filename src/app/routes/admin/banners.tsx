import { AdminBanners } from '../../../features/admin/components/admin-banners';

export function Component() {
  return <AdminBanners />;
}
