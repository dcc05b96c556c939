import { UsersTable } from '../../../features/admin/components/users-table';

export function Component() {
  return <UsersTable />;
}
