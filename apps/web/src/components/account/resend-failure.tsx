import { errorDetail } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { RESEND_VERIFICATION_FAILED } from '@/lib/session/resend-verification';

/** Why a new verification email was not sent: the API's detail (e.g. 429 'Too many attempts…'). */
export function ResendFailure({ error, className }: { error: unknown; className?: string }) {
  return (
    <p role="alert" className={cn('font-medium text-red-700', className)}>
      {errorDetail(error, RESEND_VERIFICATION_FAILED)}
    </p>
  );
}
