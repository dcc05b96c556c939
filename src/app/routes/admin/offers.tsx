import { AdminOffers } from '../../../features/admin/components/admin-offers';

export function Component() {
  return <AdminOffers />;
}
