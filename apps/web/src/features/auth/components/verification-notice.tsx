import { VERIFICATION_LINK_HOURS } from '@benchmarket/shared';
import { ResendFailure } from '@/components/account/resend-failure';
import { cn } from '@/lib/cn';
import { useResendOrRefresh } from '@/lib/session/resend-verification';
import { useAuth } from '@/lib/session/use-auth';

/**
 * For a logged-in user whose email is not verified yet: a reminder with a 'Resend verification
 * email' action (POST /auth/resend-verification). Renders nothing for visitors and verified
 * users, so it can sit in a layout or on any page that needs verification.
 */
export function VerificationNotice({ className }: { className?: string }) {
  const { user } = useAuth();
  const { resend, send } = useResendOrRefresh();
  if (!user || user.is_verified) return null;

  return (
    <section
      aria-label="Email verification"
      className={cn('rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950', className)}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>
          Please verify your email address. We sent a link to <strong className="wrap-anywhere">{user.email}</strong>.
        </p>
        <button
          type="button"
          onClick={send}
          disabled={resend.isPending}
          aria-busy={resend.isPending || undefined}
          className="inline-flex shrink-0 items-center justify-center gap-2 rounded-md border border-amber-400 bg-white px-3 py-2 font-semibold text-amber-950 hover:bg-amber-100 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {resend.isPending && (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-amber-300 border-t-amber-900 motion-reduce:animate-none"
            />
          )}
          Resend verification email
        </button>
      </div>
      {resend.isSuccess && (
        <p role="status" className="mt-2 font-medium text-green-800">
          A new verification link is on its way to {user.email}. It is valid for {VERIFICATION_LINK_HOURS} hours.
        </p>
      )}
      {resend.isError && <ResendFailure error={resend.error} className="mt-2" />}
    </section>
  );
}
