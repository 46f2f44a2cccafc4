import { describe, expect, it } from 'vitest';
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  RegisterFormSchema,
  RegisterRequestSchema,
  ResetPasswordFormSchema,
  ResetPasswordRequestSchema,
  TokenResponseSchema,
  UserSchema,
  VerifyEmailRequestSchema,
} from './auth.js';

describe('register', () => {
  it('normalises the email and keeps the password', () => {
    expect(RegisterRequestSchema.parse({ email: ' Seller@Lab.ORG', password: 'pa55word' })).toEqual({
      email: 'seller@lab.org',
      password: 'pa55word',
    });
  });

  it('refuses a short password with the spec text', () => {
    const result = RegisterRequestSchema.safeParse({ email: 'a@b.co', password: 'abc' });
    expect(result.error?.issues[0]?.message).toBe('Password must be at least 6 characters');
  });

  it('reports a confirm password that does not match on the confirm field', () => {
    const result = RegisterFormSchema.safeParse({
      email: 'a@b.co',
      password: 'secret1',
      confirm_password: 'secret2',
    });
    expect(result.error?.issues).toEqual([expect.objectContaining({ message: 'Passwords do not match', path: ['confirm_password'] })]);
    expect(RegisterFormSchema.safeParse({ email: 'a@b.co', password: 'secret1', confirm_password: 'secret1' }).success).toBe(true);
  });
});

describe('login', () => {
  it('takes username and password, without a length rule on the password', () => {
    expect(LoginRequestSchema.parse({ username: 'A@B.co', password: 'x' })).toEqual({
      username: 'a@b.co',
      password: 'x',
    });
    expect(LoginRequestSchema.safeParse({ username: 'a@b.co', password: '' }).success).toBe(false);
  });

  it('answers with a bearer token', () => {
    expect(TokenResponseSchema.parse({ access_token: 'abc', token_type: 'bearer' }).access_token).toBe('abc');
  });
});

describe('verification and reset', () => {
  it('gives the spec texts for a missing token', () => {
    expect(VerifyEmailRequestSchema.safeParse({ token: '' }).error?.issues[0]?.message).toBe(
      'Invalid verification link. No token provided.',
    );
    expect(VerifyEmailRequestSchema.safeParse({}).error?.issues[0]?.message).toBe('Invalid verification link. No token provided.');
    expect(ResetPasswordRequestSchema.safeParse({ token: ' ', password: 'secret1' }).error?.issues[0]?.message).toBe(
      'Invalid reset link. No token provided.',
    );
  });

  it('applies the password rules to the new password', () => {
    expect(ResetPasswordRequestSchema.safeParse({ token: 't', password: '12345' }).error?.issues[0]?.message).toBe(
      'Password must be at least 6 characters',
    );
    expect(ResetPasswordFormSchema.safeParse({ password: 'secret1', confirm_password: 'secret' }).error?.issues[0]?.message).toBe(
      'Passwords do not match',
    );
  });

  it('asks for an email address on forgot password', () => {
    expect(ForgotPasswordRequestSchema.safeParse({ email: '' }).error?.issues[0]?.message).toBe('Please enter your email address');
  });
});

describe('UserSchema', () => {
  it('drops fields that are not part of the contract', () => {
    const user = UserSchema.parse({
      id: '3f0e0c4e-8a53-4c5e-9d6b-2f1a7c9e0b11',
      email: 'a@b.co',
      is_verified: true,
      password_hash: 'secret',
    });
    expect(user).not.toHaveProperty('password_hash');
  });
});
