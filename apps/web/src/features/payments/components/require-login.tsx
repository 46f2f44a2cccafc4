import type { ComponentType, ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Busy, PaymentPageShell } from './ui';

/** Payment pages are for logged-in sellers: visitors go to /login and come back here after. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <Busy label="Checking your session…" className="py-24" />;
  if (!user) {
    const from = `${location.pathname}${location.search}`;
    // The address stays /login (spec); the way back rides in history state.
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return children;
}

/** A checkout page (pay, extend): its title in the tab and the heading, for logged-in sellers only. */
export function SellerPaymentPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <RequireLogin>
      <PaymentPageShell title={title} lead={lead}>
        {children}
      </PaymentPageShell>
    </RequireLogin>
  );
}

/** A checkout route: `Body` (which loads the seller's listing) inside its SellerPaymentPage. */
export function sellerPaymentRoute(page: { title: string; lead: string }, Body: ComponentType) {
  return function SellerPaymentRoute() {
    return (
      <SellerPaymentPage {...page}>
        <Body />
      </SellerPaymentPage>
    );
  };
}
