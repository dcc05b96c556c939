import { AuditLog } from '../../../features/admin/components/audit-log';

export function Component() {
  return <AuditLog />;
}
