/**
 * Auth texts the spec leaves to us (spec §8: "Server messages beyond the detail field: not
 * shown"). The spec's own texts come from '@benchmarket/shared'.
 */
import { ALREADY_VERIFIED_MARKER, RESET_LINK_HOURS, VERIFICATION_LINK_HOURS } from '@benchmarket/shared';

/** spec §8: the web app counts a detail containing 'already verified' as success. */
export const ALREADY_VERIFIED = `Your email is ${ALREADY_VERIFIED_MARKER}. You can log in.`;
export const VERIFY_LINK_EXPIRED = `This verification link has expired (links are valid for ${VERIFICATION_LINK_HOURS} hours). Log in to request a new one.`;
export const VERIFY_LINK_USED = 'This verification link has already been used. Log in to request a new one.';
export const VERIFY_LINK_INVALID = 'This verification link is not valid. Please use the latest link we sent you.';
export function verificationSent(email: string): string {
  return `We sent a new verification link to ${email}. It is valid for ${VERIFICATION_LINK_HOURS} hours.`;
}

export const RESET_LINK_EXPIRED = `This password reset link has expired (links are valid for ${RESET_LINK_HOURS} hour${RESET_LINK_HOURS === 1 ? '' : 's'}). Please request a new one.`;
export const RESET_LINK_USED = 'This password reset link has already been used. Please request a new one.';
export const RESET_LINK_INVALID = 'This password reset link is not valid. Please request a new one.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now log in with your new password.';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not available on this site.';
export const GOOGLE_EMAIL_NOT_VERIFIED =
  'Your Google account has no verified email address. Please verify it with Google, or register with your email.';
export const GOOGLE_UNAVAILABLE = 'Google sign-in is not reachable right now. Please try again in a moment.';
export const GOOGLE_BAD_NONCE = 'This Google sign-in has expired or was already used. Please try again.';
export const GOOGLE_LINK_PASSWORD_REQUIRED =
  'An account with this email address already exists. Enter its password once to link Google sign-in to it.';
export const GOOGLE_LINK_WRONG_PASSWORD =
  'That password is not right. Enter the password of your BenchMarket account to link Google sign-in.';
export const GOOGLE_LINKED_ELSEWHERE =
  "This email address is linked to another Google account. Sign in with that one, or set a password with 'Forgot password?' and then link this Google account with it.";

// Issue 14: account administration (the console's users page, the `npm run admin` command).
export const USER_NOT_FOUND = 'User not found';
export const CANNOT_SUSPEND_YOURSELF = 'You cannot suspend your own account.';
export const ALREADY_SUSPENDED = 'This account is already suspended.';
export const NOT_SUSPENDED = 'This account is not suspended.';
