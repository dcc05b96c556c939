import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ROLES, type Role } from '../../../../shared/roles';
import { errorMessage } from '../../../lib/trpc';
import { useChangeUserRole } from '../api/use-change-user-role';
import { ModalDialog } from './modal-dialog';

export const ROLE_UPDATED_MESSAGE = 'User Updated';

export interface RoleTarget {
  _id: string;
  name: string;
  email: string;
  role: Role;
}

/** The 'Change User Role' dialog: ADMIN or GENERAL; the server's refusal (the last admin) shows inside it. */
export function ChangeRoleDialog({ user, onClose }: { user: RoleTarget; onClose: () => void }) {
  const [role, setRole] = useState<Role>(user.role);
  const [problem, setProblem] = useState<string | null>(null);
  const changeRole = useChangeUserRole();
  const selectId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    try {
      await changeRole.mutateAsync({ userId: user._id, role });
      toast.success(`${ROLE_UPDATED_MESSAGE}: ${user.name} is now ${role}`);
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <ModalDialog title="Change User Role" onClose={onClose} widthClassName="max-w-md">
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium text-zinc-600">Name</dt>
          <dd className="truncate">{user.name}</dd>
          <dt className="font-medium text-zinc-600">Email</dt>
          <dd className="truncate">{user.email}</dd>
        </dl>
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={selectId} className="font-medium">
            Role
          </label>
          <select
            id={selectId}
            className="field w-40"
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            aria-describedby={problem ? `${selectId}-problem` : undefined}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        {problem ? (
          <p id={`${selectId}-problem`} role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={changeRole.isPending}>
            {changeRole.isPending ? 'Saving…' : 'Change Role'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
