import type { UsersTable } from './schema';
import type { Selectable } from 'kysely';
import type { User } from '../../shared/schemas/account';

// The users table's public columns and their shape as the contract's user: every query that
// returns a user (accounts, sessions, the admin's list) selects and maps them so.

export const publicColumns = ['users.id', 'users.name', 'users.email', 'users.role', 'users.profile_pic', 'users.created_at'] as const;

type PublicRow = Pick<Selectable<UsersTable>, 'id' | 'name' | 'email' | 'role' | 'profile_pic' | 'created_at'>;

export function toUser(row: PublicRow): User {
  return { _id: row.id, name: row.name, email: row.email, role: row.role, profilePic: row.profile_pic, createdAt: row.created_at };
}
