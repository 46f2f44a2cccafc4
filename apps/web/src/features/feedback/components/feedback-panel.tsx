import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useResendVerification } from '@/lib/session/resend-verification';
import { useAuth } from '@/lib/session/use-auth';
import { errorDetail } from '@/lib/api-client';
import { CloseButton } from '@/components/ui/close-button';

// The form (and the zod schema it validates with) loads when a verified user opens the
// panel, not with every page: it keeps zod out of the first load (docs/performance.md).
const FeedbackForm = lazy(() => import('./feedback-form'));

/** Ours: texts the spec leaves open (the thank-you is in ./feedback-form). */
const FEEDBACK_LOGIN_REQUIRED = 'Please log in with a verified account to share your feedback.';
const FEEDBACK_VERIFY_REQUIRED =
  'Only verified users can submit feedback. Please verify your email address first: check your inbox for the verification link we sent you.';
const RESEND_SENT = 'A new verification link is on its way. Check your inbox.';
const RESEND_FAILED = 'Could not send a new verification email. Please try again.';

interface FeedbackPanelProps {
  /** Element id, referenced by the trigger's aria-controls. */
  id: string;
  onClose: () => void;
}

/**
 * The footer's feedback panel (spec §2): titled 'Share Your Feedback', with a close button.
 * A non-modal dialog: the page stays usable; Escape or the close button dismisses it (the
 * footer then returns focus to its trigger). Only verified users get the form (spec §6).
 */
export function FeedbackPanel({ id, onClose }: FeedbackPanelProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A modal dialog on the page that handled its own Escape marks the event as handled.
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [onClose]);

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      className="fixed right-4 bottom-4 left-4 z-50 max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 text-slate-800 shadow-2xl focus:outline-none sm:left-auto sm:w-96"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Share Your Feedback
        </h2>
        <CloseButton
          label="Close"
          onClick={onClose}
          className="-m-1 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          iconClassName="size-5"
        />
      </div>
      <FeedbackPanelBody onClose={onClose} />
    </div>
  );
}

function FeedbackPanelBody({ onClose }: { onClose: () => void }) {
  const { user, isLoading } = useAuth();
  if (isLoading) {
    return (
      <p role="status" className="mt-3 text-sm text-slate-600">
        Checking your session…
      </p>
    );
  }
  if (!user) return <LoginRequired onNavigate={onClose} />;
  if (!user.is_verified) return <VerificationRequired email={user.email} />;
  return (
    <Suspense
      fallback={
        <p role="status" className="mt-3 text-sm text-slate-600">
          Loading…
        </p>
      }
    >
      <FeedbackForm onDone={onClose} />
    </Suspense>
  );
}

/** spec §6: visitors cannot submit feedback; they are sent to log in and brought back. */
function LoginRequired({ onNavigate }: { onNavigate: () => void }) {
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  return (
    <div className="mt-3 space-y-3 text-sm text-slate-700">
      <p>{FEEDBACK_LOGIN_REQUIRED}</p>
      <Link
        to={`/login?next=${encodeURIComponent(from)}`}
        state={{ from }}
        onClick={onNavigate}
        className="inline-flex items-center justify-center rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800"
      >
        Log in
      </Link>
    </div>
  );
}

/** spec §6: unverified users see why they cannot submit, and how to get verified. */
function VerificationRequired({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <div className="mt-3 space-y-3 text-sm text-slate-700">
      <p>{FEEDBACK_VERIFY_REQUIRED}</p>
      <p>
        The link went to <strong className="break-all">{email}</strong>. Didn&apos;t get it?
      </p>
      <button
        type="button"
        onClick={() => {
          resend.mutate();
        }}
        disabled={resend.isPending}
        aria-busy={resend.isPending || undefined}
        className="inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70"
      >
        Resend verification email
      </button>
      <div role="status">{resend.isSuccess && <p className="font-medium text-green-800">{RESEND_SENT}</p>}</div>
      {resend.isError && (
        <p role="alert" className="font-medium text-red-700">
          {errorDetail(resend.error, RESEND_FAILED)}
        </p>
      )}
    </div>
  );
}
