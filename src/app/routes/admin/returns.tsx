import { ReturnsQueue } from '../../../features/admin/components/returns-queue';

export function Component() {
  return <ReturnsQueue />;
}
