import { BulkEdit } from '../../../features/admin/components/bulk-edit';

export function Component() {
  return <BulkEdit />;
}
