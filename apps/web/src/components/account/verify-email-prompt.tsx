import { VERIFICATION_LINK_HOURS } from '@benchmarket/shared';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useResendOrRefresh } from '@/lib/session/resend-verification';
import { useAuth } from '@/lib/session/use-auth';
import { ResendFailure } from './resend-failure';

interface VerifyEmailPromptProps {
  /** Why verification is needed here (e.g. EMAIL_NOT_VERIFIED_TO_PUBLISH, or the API's 403 detail). */
  message: string;
  /** More to say under the message (e.g. that the draft is saved). */
  children?: ReactNode;
  /** Buttons or links under the resend button (e.g. 'Go to Dashboard'). */
  actions?: ReactNode;
  className?: string;
}

/**
 * What an unverified account meets where verification is required (publishing a listing,
 * contacting a seller: issue 14, spec §1): the reason, where the link went, and the way out —
 * 'Resend verification email' (POST /auth/resend-verification), with the API's answer: its
 * confirmation, or its refusal (e.g. 429 'Too many attempts…'). When the API says the address
 * is already verified (in another tab, say), the session is checked again and the page moves on.
 */
export function VerifyEmailPrompt({ message, children, actions, className }: VerifyEmailPromptProps) {
  const { user } = useAuth();
  const { resend, send } = useResendOrRefresh();
  const messageId = useId();

  return (
    <section
      aria-labelledby={messageId}
      className={cn('space-y-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-4 text-sm text-amber-950', className)}
    >
      <p id={messageId} className="font-semibold">
        {message}
      </p>
      {user && (
        <p>
          The link went to <strong className="wrap-anywhere">{user.email}</strong> and is valid for {VERIFICATION_LINK_HOURS} hours.
        </p>
      )}
      {children}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button variant="secondary" onClick={send} pending={resend.isPending}>
          Resend verification email
        </Button>
        {actions}
      </div>
      {/* A live region that is always there, so the confirmation is announced when it appears. */}
      <div role="status">
        {resend.isSuccess && (
          <p className="font-medium text-green-800">
            {resend.data.message || `A new verification link is on its way to ${user?.email ?? 'your email address'}.`}
          </p>
        )}
      </div>
      {resend.isError && <ResendFailure error={resend.error} />}
    </section>
  );
}
