import { z } from 'zod';
import { RoleSchema } from '../roles';
import { singleLineText } from './text';

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
      .check(singleLineText('email'))
      .regex(/^[^\s@]+@[^\s@]+$/, { error: 'email must be a valid email address' }),
  );

export const NameSchema = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, { error: 'name is required' })
  .max(100, { error: 'name must be at most 100 characters' })
  .check(singleLineText('name'));

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
    email: z.string().trim().max(254).check(singleLineText('email')).optional(),
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

const ResetTokenSchema = z
  .string({ error: 'the reset link is not complete' })
  .trim()
  .min(20, { error: 'the reset link is not complete' })
  .max(200, { error: 'the reset link is not valid' });

/** The reset page asks, as it opens, whether its link can still be used. */
export const ResetLinkInputSchema = z.object({ token: ResetTokenSchema });
export type ResetLinkStatus = { usable: true } | { usable: false; message: string };

export const ResetPasswordInputSchema = z
  .object({
    token: ResetTokenSchema,
    password: PasswordSchema,
    confirmPassword: z.string({ error: 'confirmPassword is required' }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: 'confirmPassword must match password' });
export type ResetPasswordInput = z.input<typeof ResetPasswordInputSchema>;

// ---- The account page (/account) and two-factor sign-in ----

/** A six-digit code from an authenticator app, or one of the ten recovery codes (xxxxx-xxxxx). */
export const TwoFactorCodeSchema = z
  .string({ error: 'code is required' })
  .trim()
  .min(1, { error: 'code is required' })
  .max(32, { error: 'code is too long' })
  .transform((v) => v.replace(/\s+/g, '').toLowerCase());

/** Sign-in with the code: `code` is only needed (and only read) for an account with two-factor sign-in on. */
export const SignInWithCodeInputSchema = SignInInputSchema.extend({ code: TwoFactorCodeSchema.optional() });

export const UpdateProfileInputSchema = z.object({
  name: NameSchema,
  /** A data URL of a new photo, '' to remove the photo, absent to keep it. */
  profilePic: z.string().max(8_000_000, { error: 'profilePic is too large (at most 5 MB)' }).optional(),
});

export const CurrentPasswordSchema = z.string({ error: 'current password is required' }).min(1, { error: 'current password is required' }).max(128);

export const ChangePasswordInputSchema = z
  .object({
    currentPassword: CurrentPasswordSchema,
    password: PasswordSchema,
    confirmPassword: z.string({ error: 'confirmPassword is required' }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: 'confirmPassword must match password' });

export const RequestEmailChangeInputSchema = z.object({ newEmail: EmailSchema, currentPassword: CurrentPasswordSchema });

export const ConfirmEmailChangeInputSchema = z.object({
  token: z
    .string({ error: 'the confirmation link is not complete' })
    .trim()
    .min(20, { error: 'the confirmation link is not complete' })
    .max(200, { error: 'the confirmation link is not valid' }),
});

export const SessionIdInputSchema = z.object({ id: z.string({ error: 'id is required' }).trim().min(1, { error: 'id is required' }).max(100) });

export const DeleteAccountInputSchema = z.object({
  currentPassword: CurrentPasswordSchema,
  /** The shopper types DELETE to confirm. */
  confirm: z.literal('DELETE', { error: 'type DELETE to confirm' }),
});

export const TwoFactorConfirmInputSchema = z.object({
  code: z
    .string({ error: 'code is required' })
    .trim()
    .regex(/^\d{6}$/, { error: 'code must be the 6 digits your app shows' }),
});

export const TwoFactorDisableInputSchema = z.object({ currentPassword: CurrentPasswordSchema, code: TwoFactorCodeSchema });

/** One signed-in device of the account page's list. `id` is a handle, not the session's secret. */
export type AccountSession = {
  id: string;
  current: boolean;
  /** "Chrome", "Safari", … or "Unknown browser". */
  browser: string;
  /** "Android", "iOS", "Windows", … or "Unknown system". */
  os: string;
  /** "mobile", "tablet", "desktop" or "unknown". */
  device: string;
  ip: string;
  signedInAt: string;
  lastSeenAt: string;
};

export type TwoFactorStatus = {
  enabled: boolean;
  /** The owner requires it for admins and this account is an admin's. */
  required: boolean;
  recoveryCodesLeft: number;
};

/** Enrolment's first step: the secret as a QR code (an SVG the shop drew) and as text to type in. */
export type TwoFactorEnrolment = { secret: string; otpauthUrl: string; qrSvg: string };

/** What `account.me` adds to the user: the client sends an admin who must enrol to the enrolment page. */
export type Me = User & { twoFactorEnabled: boolean; mustEnrolTwoFactor: boolean };
