import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';
import { isApiError } from '@/lib/api-client';
import { ConfirmDialog } from './confirm-dialog';
import { dangerButtonClass } from './ui';
import { Alert } from '@/components/ui/alert';

export const LOGOUT_EVERYWHERE_FAILED = 'Could not log out everywhere. Please check your connection and try again.';

/**
 * The account page's body (issue 12): who is logged in, and 'Log out everywhere', which ends every
 * session of the account on every device (a lost phone, a shared computer) after a confirmation.
 */
export function AccountPanel() {
  const { user, logout, logoutEverywhere } = useAuth();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await logoutEverywhere();
      void navigate('/');
    } catch (cause) {
      if (isApiError(cause) && cause.status === 401) {
        // This session had already ended (e.g. logged out everywhere from another device).
        logout();
        void navigate('/');
        return;
      }
      setConfirming(false);
      setError(LOGOUT_EVERYWHERE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="account-heading" className="space-y-6">
      <div>
        <h2 id="account-heading" className="text-lg font-semibold text-slate-900">
          Signed in
        </h2>
        <dl className="mt-3 text-sm">
          <dt className="font-medium text-slate-600">Email</dt>
          <dd className="mt-1 break-all text-slate-900">{user?.email}</dd>
        </dl>
      </div>
      <div className="rounded-lg border border-slate-200 p-4">
        <h3 className="font-semibold text-slate-900">Sessions</h3>
        <p className="mt-1 text-sm text-slate-600">Log out on every device and browser where you are logged in, this one included.</p>
        <button
          type="button"
          className={`${dangerButtonClass} mt-4`}
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          Log out everywhere
        </button>
      </div>
      {error && <Alert>{error}</Alert>}
      {confirming && (
        <ConfirmDialog
          title="Log out everywhere?"
          description="You will be logged out on every device and browser, including this one."
          confirmLabel="Log out everywhere"
          busy={busy}
          onConfirm={() => {
            void confirm();
          }}
          onCancel={() => {
            setConfirming(false);
          }}
        />
      )}
    </section>
  );
}
