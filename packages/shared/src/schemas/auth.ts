/** Auth calls (spec §7) and the auth forms (spec §5). */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { PASSWORD_REQUIRED, PASSWORDS_DO_NOT_MATCH, RESET_NO_TOKEN, TOKEN_REQUIRED, VERIFY_NO_TOKEN } from '../messages.js';
import { EmailSchema, IdSchema, PasswordSchema } from './common.js';

/** GET /auth/me (spec §3: id, email, is_verified). */
export const UserSchema = z.object({
  id: IdSchema,
  email: z.string(),
  is_verified: z.boolean(),
  /** Issue 14: 'admin' opens the operations console (/admin). */
  role: z.enum(['user', 'admin']).optional(),
});
export type User = z.infer<typeof UserSchema>;

/** POST /auth/register → 201 User */
export const RegisterRequestSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;
export const RegisterResponseSchema = UserSchema;
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** Register form: the request plus confirm password (spec §5). */
export const RegisterFormSchema = z
  .object({
    email: EmailSchema,
    password: PasswordSchema,
    confirm_password: z.string(),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirm_password'],
  });
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

/**
 * POST /auth/login, form-encoded `username` and `password` (spec §7).
 * The password is only required here, not length-checked: a wrong one is a failed login.
 */
export const LoginRequestSchema = z.object({
  username: EmailSchema,
  // Capped like new passwords, so a megabyte 'password' cannot make the server hash it.
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** Response of POST /auth/login and POST /auth/google. */
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/**
 * POST /auth/google: `{ token }`, the third-party ID-token credential (its `nonce` must come
 * from POST /auth/google/nonce). `password` proves an existing password account before Google
 * sign-in is linked to it (asked for once, after a 409 with code `google_link_password_required`).
 */
export const GoogleLoginRequestSchema = z.object({
  token: z.string({ error: TOKEN_REQUIRED }).min(1, TOKEN_REQUIRED).max(16_384),
  password: z.string().min(1, PASSWORD_REQUIRED).max(PASSWORD_MAX_LENGTH).optional(),
});
export type GoogleLoginRequest = z.infer<typeof GoogleLoginRequestSchema>;

/** POST /auth/google/nonce → `{ nonce }` to hand to Google Identity Services (valid 1 hour, single use). */
export const GoogleNonceResponseSchema = z.object({ nonce: z.string() });
export type GoogleNonceResponse = z.infer<typeof GoogleNonceResponseSchema>;

/** 409 code of POST /auth/google when the address belongs to a password account not yet linked. */
export const GOOGLE_LINK_PASSWORD_REQUIRED_CODE = 'google_link_password_required';

/** POST /auth/verify-email: `{ token }` → `{ is_verified }`. */
export const VerifyEmailRequestSchema = z.object({
  token: z.string({ error: VERIFY_NO_TOKEN }).trim().min(1, VERIFY_NO_TOKEN),
});
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;
export const VerifyEmailResponseSchema = z.object({
  is_verified: z.boolean(),
  message: z.string().optional(),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** POST /auth/forgot-password: `{ email }` → always the same neutral `{ message }` (spec §8). */
export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

/** POST /auth/reset-password: `{ token, password }`. */
export const ResetPasswordRequestSchema = z.object({
  token: z.string({ error: RESET_NO_TOKEN }).trim().min(1, RESET_NO_TOKEN),
  password: PasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** Reset form: new password and confirm password (spec §5). */
export const ResetPasswordFormSchema = z
  .object({
    password: PasswordSchema,
    confirm_password: z.string(),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirm_password'],
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;
