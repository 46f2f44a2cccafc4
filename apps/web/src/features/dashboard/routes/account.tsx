import { SignedInPage } from '@/components/account/signed-in-page';
import { AccountPanel } from '../components/account-panel';
import { SellerProfilePanel } from '../components/seller-profile-form';

/**
 * /account (issue 12): who is logged in, and 'Log out everywhere'. A page of its own, reached
 * from the email in the header, so the dashboard keeps the spec's three tabs. Issue 15: the
 * seller profile (display name, company, country, about, logo) comes first.
 */
export default function AccountRoute() {
  return (
    <SignedInPage title="Account" lead="Your seller profile, your sign-in and your sessions on other devices." className="max-w-3xl">
      <div className="mt-8 space-y-10">
        <SellerProfilePanel />
        <AccountPanel />
      </div>
    </SignedInPage>
  );
}
