import { z } from 'zod';

export const ROLES = ['ADMIN', 'GENERAL'] as const;
export const RoleSchema = z.enum(ROLES, { error: 'role must be ADMIN or GENERAL' });
export type Role = z.infer<typeof RoleSchema>;
