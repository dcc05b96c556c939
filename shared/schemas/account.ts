import { z } from 'zod';
import { RoleSchema } from '../roles';

/** Sign-up wants a real address; sign-in and admin search also accept local ones such as admin@localhost. */
export const EmailSchema = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'email must be a valid email address' }).max(254, { error: 'email is too long' }));

const LooseEmailSchema = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .pipe(
    z
      .string()
      .max(254, { error: 'email is too long' })
      .regex(/^[^\s@]+@[^\s@]+$/, { error: 'email must be a valid email address' }),
  );

export const NameSchema = z.string({ error: 'name is required' }).trim().min(1, { error: 'name is required' }).max(100, { error: 'name must be at most 100 characters' });

export const PasswordSchema = z
  .string({ error: 'password is required' })
  .min(8, { error: 'password must be at least 8 characters' })
  .max(128, { error: 'password must be at most 128 characters' });

export const SignUpInputSchema = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    confirmPassword: z.string({ error: 'confirmPassword is required' }),
    /** A data URL of the photo, or '' for none. */
    profilePic: z.string().max(8_000_000, { error: 'profilePic is too large (at most 5 MB)' }).optional().default(''),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'confirmPassword must match password',
  });
export type SignUpInput = z.input<typeof SignUpInputSchema>;

export const SignInInputSchema = z.object({
  email: LooseEmailSchema,
  password: z.string({ error: 'password is required' }).min(1, { error: 'password is required' }).max(128),
});
export type SignInInput = z.input<typeof SignInInputSchema>;

export const UpdateUserInputSchema = z.object({
  userId: z.string({ error: 'userId is required' }).min(1, { error: 'userId is required' }).max(64),
  role: RoleSchema,
});

export const ListUsersInputSchema = z
  .object({
    email: z.string().trim().max(254).optional(),
    limit: z.number().int().min(1).max(100).optional(),
    cursor: z.string().max(200).optional(),
  })
  .optional();

export type User = {
  _id: string;
  name: string;
  email: string;
  role: z.infer<typeof RoleSchema>;
  profilePic: string;
  createdAt: string;
};

export const RequestPasswordResetInputSchema = z.object({ email: LooseEmailSchema });

export const ResetPasswordInputSchema = z
  .object({
    token: z.string({ error: 'the reset link is not complete' }).trim().min(20, { error: 'the reset link is not complete' }).max(200, { error: 'the reset link is not valid' }),
    password: PasswordSchema,
    confirmPassword: z.string({ error: 'confirmPassword is required' }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: 'confirmPassword must match password' });
export type ResetPasswordInput = z.input<typeof ResetPasswordInputSchema>;
