import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/session/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AccountPanel } from '../components/account-panel';
import { SellerProfilePanel } from '../components/seller-profile-form';

/**
 * /account (issue 12): who is logged in, and 'Log out everywhere'. A page of its own, reached
 * from the email in the header, so the dashboard keeps the spec's three tabs. Issue 15: the
 * seller profile (display name, company, country, about, logo) comes first.
 */
export default function AccountRoute() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  useDocumentTitle('Account');

  if (isLoading) return <Spinner label="Checking your session…" className="py-24" />;
  if (!user) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Account</h1>
      <p className="mt-2 text-slate-600">Your seller profile, your sign-in and your sessions on other devices.</p>
      <div className="mt-8 space-y-10">
        <SellerProfilePanel />
        <AccountPanel />
      </div>
    </div>
  );
}
