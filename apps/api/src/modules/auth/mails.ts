import { RESET_LINK_HOURS, VERIFICATION_LINK_HOURS } from '@benchmarket/shared';
import { renderMail, type MailContent } from '../mail/index.js';

/** The account mails. Links point at the web app's pages (spec §2: /verify-email, /reset-password). */

const VERIFY_SUBJECT = 'Verify your BenchMarket email';
const RESET_SUBJECT = 'Reset your BenchMarket password';
const REGISTER_ATTEMPT_SUBJECT = 'Someone tried to register with your BenchMarket email';
const PASSWORD_CHANGED_SUBJECT = 'Your BenchMarket password was changed';

export function verificationMail(publicUrl: string, token: string): MailContent {
  return renderMail({
    subject: VERIFY_SUBJECT,
    heading: 'Confirm your email address',
    paragraphs: [
      'Welcome to BenchMarket, the marketplace for lab and medical equipment.',
      'Please confirm that this is your email address. Once it is verified you can search the whole catalog, use AI-enhanced search and list your equipment.',
    ],
    action: { label: 'Verify my email', url: `${publicUrl}/verify-email?token=${encodeURIComponent(token)}` },
    footnote: `This link is valid for ${VERIFICATION_LINK_HOURS} hours and works once. If you did not create a BenchMarket account, you can ignore this email.`,
  });
}

/** Sent instead of a second account when someone registers an address that already has one. */
export function registerAttemptMail(publicUrl: string): MailContent {
  return renderMail({
    subject: REGISTER_ATTEMPT_SUBJECT,
    heading: 'Someone tried to register with your email',
    paragraphs: [
      'Someone just tried to create a BenchMarket account with this email address, but you already have an account.',
      `If it was you, log in instead — or, if you do not remember your password, reset it: ${publicUrl}/forgot-password`,
      'If it was not you, you can ignore this email. Your account has not been changed.',
    ],
    action: { label: 'Log in', url: `${publicUrl}/login` },
  });
}

export function resetMail(publicUrl: string, token: string): MailContent {
  return renderMail({
    subject: RESET_SUBJECT,
    heading: 'Reset your password',
    paragraphs: ['We received a request to reset the password of your BenchMarket account. Choose a new password with the link below.'],
    action: { label: 'Choose a new password', url: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}` },
    footnote: `This link is valid for ${RESET_LINK_HOURS} hour${RESET_LINK_HOURS === 1 ? '' : 's'} and works once. If you did not ask for it, you can ignore this email: your password stays the same.`,
  });
}

export function passwordChangedMail(publicUrl: string): MailContent {
  return renderMail({
    subject: PASSWORD_CHANGED_SUBJECT,
    heading: 'Your password was changed',
    paragraphs: [
      'The password of your BenchMarket account was just changed, and every device that was logged in has been logged out.',
      `If you did not do this, reset your password now: ${publicUrl}/forgot-password`,
    ],
    action: { label: 'Log in', url: `${publicUrl}/login` },
  });
}

export const ACCOUNT_SUSPENDED_SUBJECT = 'Your BenchMarket account has been suspended';
export const ACCOUNT_REINSTATED_SUBJECT = 'Your BenchMarket account has been reinstated';

/** Issue 14: the owner of a suspended account learns why, what it means, and whom to ask. */
export function accountSuspendedMail(input: { publicUrl: string; supportEmail: string; reason: string }): MailContent {
  return renderMail({
    subject: ACCOUNT_SUSPENDED_SUBJECT,
    heading: 'Your account has been suspended',
    paragraphs: [
      `BenchMarket has suspended your account. The reason: ${input.reason}`,
      'While it is suspended you cannot log in, your listings are hidden from buyers, and buyers cannot send you messages. Your listings and payments are kept.',
      `If you believe this is a mistake, write to ${input.supportEmail} or use the support form.`,
    ],
    action: { label: 'Contact support', url: `${input.publicUrl}/support` },
  });
}

export function accountReinstatedMail(input: { publicUrl: string; reason: string }): MailContent {
  return renderMail({
    subject: ACCOUNT_REINSTATED_SUBJECT,
    heading: 'Your account has been reinstated',
    paragraphs: [
      `BenchMarket has lifted the suspension of your account. ${input.reason}`,
      'You can log in again. Your listings that were on sale when the account was suspended are back on sale, unless their paid time has run out meanwhile.',
    ],
    action: { label: 'Log in', url: `${input.publicUrl}/login` },
  });
}
