import type { Role } from '../../shared/roles';
import type { User } from '../../shared/schemas/account';

// The users table's public columns and their shape as the contract's user: every query that
// returns a user (accounts, sessions, the admin's list) selects and maps them so.

export const publicColumns = ['users.id', 'users.name', 'users.email', 'users.role', 'users.profile_pic', 'users.created_at'] as const;

type PublicRow = { id: string; name: string; email: string; role: Role; profile_pic: string; created_at: string };

export function toUser(row: PublicRow): User {
  return { _id: row.id, name: row.name, email: row.email, role: row.role, profilePic: row.profile_pic, createdAt: row.created_at };
}
