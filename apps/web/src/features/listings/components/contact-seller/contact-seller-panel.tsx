import { EMAIL_NOT_VERIFIED_TO_CONTACT, type Listing } from '@benchmarket/shared';
import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadBoundary } from '@/components/ui/load-boundary';
import { useAuth } from '@/lib/session/use-auth';
import { cn } from '@/lib/cn';
import { buttonClass } from '@/components/ui/button';
import { VerifyEmailPrompt } from '@/components/account/verify-email-prompt';

// The form validates with zod (~30 KB gzip). Visitors, and Lighthouse, get the login prompt
// instead, so the form's code loads only once a logged-in user is known.
const ContactForm = lazy(() => import('./contact-form').then((module) => ({ default: module.ContactForm })));

interface ContactSellerPanelProps {
  listing: Pick<Listing, 'id' | 'title' | 'user_id' | 'regulatory'>;
}

/**
 * The contact-seller panel of a listing page (spec §2, §5, §6, §8), for everyone but the
 * owner. Visitors get a 'Contact Seller' button that goes to /login and back here; verified
 * users get the form (name and email pre-filled), POST /messages; an unverified account is
 * asked to verify its email first, with a way to resend the link (issue 14: the API refuses
 * its messages with the same text).
 */
export function ContactSellerPanel({ listing }: ContactSellerPanelProps) {
  const { user, isLoading } = useAuth();
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  // Issue 18: 'Contact Seller' on a search card opens the listing at #contact, which is drawn
  // only once the listing has loaded — the browser's own jump to the anchor came too early.
  const arrived = useLocation().hash === '#contact';
  const formShown = Boolean(user?.is_verified);
  useEffect(() => {
    if (!arrived || isLoading) return;
    sectionRef.current?.scrollIntoView({ block: 'start' });
    // The form focuses its message field itself once its code has loaded.
    if (!formShown) sectionRef.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
  }, [arrived, isLoading, formShown]);

  // spec §6: the owner sees no contact form on their own listing.
  if (user && user.id === listing.user_id) return null;

  return (
    <section
      ref={sectionRef}
      id="contact"
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Contact the Seller
      </h2>
      {isLoading ? (
        <p role="status" className="mt-3 text-sm text-slate-600">
          Checking your session…
        </p>
      ) : user && !user.is_verified ? (
        <VerifyEmailPrompt message={EMAIL_NOT_VERIFIED_TO_CONTACT} className="mt-3" />
      ) : user ? (
        <LoadBoundary fallback={<FormFailed />}>
          <Suspense fallback={<FormLoading />}>
            <ContactForm
              key={user.id}
              listingId={listing.id}
              email={user.email}
              restricted={listing.regulatory?.sale_restriction === 'licensed_professionals'}
              focusOnArrival={arrived}
            />
          </Suspense>
        </LoadBoundary>
      ) : (
        <VisitorPrompt listingId={listing.id} />
      )}
    </section>
  );
}

function FormFailed() {
  return (
    <p role="alert" className="mt-3 text-sm text-red-700">
      The contact form could not load. Check your connection and reload the page to try again.
    </p>
  );
}

function FormLoading() {
  return (
    <p role="status" className="mt-3 text-sm text-slate-600">
      Loading the form…
    </p>
  );
}

/** spec §6: a visitor's 'Contact Seller' goes to /login with a return path to this listing. */
function VisitorPrompt({ listingId }: { listingId: string }) {
  const navigate = useNavigate();
  const returnPath = `/listings/${encodeURIComponent(listingId)}`;
  return (
    <>
      <p className="mt-2 text-sm text-slate-600">Log in to send the seller a message about this listing.</p>
      <button
        type="button"
        className={cn(buttonClass('primary', { block: true }), 'mt-4')}
        onClick={() => {
          // Both forms of return path: the login page honours state first, then ?next=.
          void navigate(`/login?next=${encodeURIComponent(returnPath)}`, { state: { from: returnPath } });
        }}
      >
        Contact Seller
      </button>
    </>
  );
}
