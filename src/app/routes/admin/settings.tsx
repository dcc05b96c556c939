import { ShopSettingsPage } from '../../../features/admin/components/shop-settings-page';

export function Component() {
  return <ShopSettingsPage />;
}
