import { EMAIL_ALREADY_VERIFIED, VERIFY_ERROR, VERIFY_FAILED, VERIFY_NO_TOKEN } from '@benchmarket/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { answerDetail } from '@/lib/api-client';
import { verifyEmailQueryOptions } from '../api/verify-email';
import { AuthCard, authLinkClass } from '../components/auth-card';
import { VerificationNotice } from '../components/verification-notice';
import { useAuth } from '@/lib/session/use-auth';
import { buttonClass } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';

const DOCUMENT_TITLE = 'Verify email';

/** Ours: the spec gives the already-verified text; this is its sibling for a first verification. */
export const EMAIL_VERIFIED = 'Your email has been verified. You can now log in.';

/** The message of a failed verification (spec §8). */
function verifyErrorMessage(error: unknown): string {
  return answerDetail(error, VERIFY_FAILED, VERIFY_ERROR);
}

/**
 * /verify-email?token=… (spec §2): a spinner, then success ('Go to Login') or failure
 * ('Return to Home'). The token is sent once, however often the page renders.
 */
export default function VerifyEmailRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  if (!token) return <VerificationFailed message={VERIFY_NO_TOKEN} />;
  return <VerifyToken key={token} token={token} />;
}

function VerifyToken({ token }: { token: string }) {
  const verification = useQuery(verifyEmailQueryOptions(token));
  const { isLoggedIn, refresh } = useAuth();
  const verified = verification.isSuccess;

  // A logged-in user's is_verified changed: check the session again (header, search, feedback).
  useEffect(() => {
    if (verified && isLoggedIn) void refresh();
  }, [verified, isLoggedIn, refresh]);

  if (verification.isPending) {
    return (
      <AuthCard title="Verifying your email" documentTitle={DOCUMENT_TITLE}>
        <Spinner label="Verifying your email…" className="py-6" />
        <p className="text-center text-slate-600">This only takes a moment.</p>
      </AuthCard>
    );
  }
  if (verification.isError) return <VerificationFailed message={verifyErrorMessage(verification.error)} />;
  return <VerificationSucceeded message={verification.data === 'already-verified' ? EMAIL_ALREADY_VERIFIED : EMAIL_VERIFIED} />;
}

interface VerificationOutcomeProps {
  title: string;
  /** The API's answer. */
  message: string;
  tone: 'success' | 'error';
  /** The one way on: where, and its label. */
  to: string;
  action: string;
  children?: ReactNode;
}

/** The page's answer to the link: its heading, the API's message, anything more, and one way on. */
function VerificationOutcome({ title, message, tone, to, action, children }: VerificationOutcomeProps) {
  const navigate = useNavigate();
  return (
    <AuthCard title={title} documentTitle={DOCUMENT_TITLE} focusHeading>
      <div className="space-y-6">
        <Alert tone={tone}>{message}</Alert>
        {children}
        <button
          type="button"
          className={buttonClass('primary', { block: true })}
          onClick={() => {
            void navigate(to);
          }}
        >
          {action}
        </button>
      </div>
    </AuthCard>
  );
}

function VerificationSucceeded({ message }: { message: string }) {
  return <VerificationOutcome title="Email verified" message={message} tone="success" to="/login" action="Go to Login" />;
}

function VerificationFailed({ message }: { message: string }) {
  const { user } = useAuth();
  return (
    <VerificationOutcome title="Verification failed" message={message} tone="error" to="/" action="Return to Home">
      {user && !user.is_verified ? (
        <VerificationNotice />
      ) : (
        !user && (
          <p className="text-sm text-slate-600">
            Need a new link?{' '}
            <Link to="/login" className={authLinkClass}>
              Log in
            </Link>{' '}
            and ask for another verification email.
          </p>
        )
      )}
    </VerificationOutcome>
  );
}
