import {
  CONTACT_ALL_REQUIRED,
  CONTACT_SEND_FAILED,
  ContactFormSchema,
  MESSAGE_MAX_LENGTH,
  SENDER_NAME_MAX_LENGTH,
  type Listing,
} from '@benchmarket/shared';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/features/auth/use-auth';
import { errorDetail } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSendMessage } from '../api/send-message';

/** Ours: the spec leaves the success text open. */
export const CONTACT_SENT = 'Your message has been sent to the seller.';

type Field = 'sender_name' | 'sender_email' | 'message';
type Values = Record<Field, string>;

/** A first guess at the sender's name from their email ('jane.doe@…' → 'jane.doe'); editable. */
function nameFromEmail(email: string): string {
  return email.split('@')[0] ?? '';
}

const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none aria-invalid:border-red-500';
const buttonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-70';

interface ContactSellerPanelProps {
  listing: Pick<Listing, 'id' | 'title' | 'user_id'>;
}

/**
 * The contact-seller panel of a listing page (spec §2, §5, §6, §8), for everyone but the
 * owner. Visitors get a 'Contact Seller' button that goes to /login and back here; logged-in
 * users get the form (name and email pre-filled), POST /messages.
 */
export function ContactSellerPanel({ listing }: ContactSellerPanelProps) {
  const { user, isLoading } = useAuth();
  const headingId = useId();

  // spec §6: the owner sees no contact form on their own listing.
  if (user && user.id === listing.user_id) return null;

  return (
    <section id="contact" aria-labelledby={headingId} className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Contact the Seller
      </h2>
      {isLoading ? (
        <p role="status" className="mt-3 text-sm text-slate-600">
          Checking your session…
        </p>
      ) : user ? (
        <ContactForm key={user.id} listingId={listing.id} email={user.email} />
      ) : (
        <VisitorPrompt listingId={listing.id} />
      )}
    </section>
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
        className={cn(buttonClass, 'mt-4')}
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

function ContactForm({ listingId, email }: { listingId: string; email: string }) {
  const initial: Values = { sender_name: nameFromEmail(email), sender_email: email, message: '' };
  const [values, setValues] = useState<Values>(initial);
  const [invalid, setInvalid] = useState<ReadonlySet<Field>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const send = useSendMessage();
  const ids = { name: useId(), email: useId(), message: useId(), error: useId() };

  const update = (field: Field) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    setSent(false);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    setSent(false);
    const parsed = ContactFormSchema.safeParse(values);
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0] as Field));
      const messages = parsed.error.issues.map((issue) => issue.message);
      setInvalid(fields);
      // spec §5: one text for any missing field; otherwise the first problem (e.g. a bad email).
      setError(messages.includes(CONTACT_ALL_REQUIRED) ? CONTACT_ALL_REQUIRED : (messages[0] ?? CONTACT_ALL_REQUIRED));
      return;
    }
    setInvalid(new Set());
    setError(null);
    try {
      await send.mutateAsync({ listing_id: listingId, ...parsed.data });
      setValues(initial);
      setSent(true);
    } catch (cause) {
      setError(errorDetail(cause, CONTACT_SEND_FAILED));
    }
  };

  const describedBy = error ? ids.error : undefined;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
      <div>
        <label htmlFor={ids.name} className="block text-sm font-medium text-slate-800">
          Name
        </label>
        <input
          id={ids.name}
          name="sender_name"
          autoComplete="name"
          required
          maxLength={SENDER_NAME_MAX_LENGTH}
          value={values.sender_name}
          onChange={update('sender_name')}
          aria-invalid={invalid.has('sender_name') || undefined}
          aria-describedby={invalid.has('sender_name') ? describedBy : undefined}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={ids.email} className="block text-sm font-medium text-slate-800">
          Email
        </label>
        <input
          id={ids.email}
          name="sender_email"
          type="email"
          autoComplete="email"
          required
          value={values.sender_email}
          onChange={update('sender_email')}
          aria-invalid={invalid.has('sender_email') || undefined}
          aria-describedby={invalid.has('sender_email') ? describedBy : undefined}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={ids.message} className="block text-sm font-medium text-slate-800">
          Message
        </label>
        <textarea
          id={ids.message}
          name="message"
          rows={5}
          required
          maxLength={MESSAGE_MAX_LENGTH}
          value={values.message}
          onChange={update('message')}
          placeholder="Ask about the condition, accessories, shipping…"
          aria-invalid={invalid.has('message') || undefined}
          aria-describedby={invalid.has('message') ? describedBy : undefined}
          className={cn(fieldClass, 'resize-y')}
        />
      </div>

      {error && (
        <p id={ids.error} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      {/* A live region that is always there, so the confirmation is announced when it appears. */}
      <div role="status">
        {sent && (
          <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
            {CONTACT_SENT}
          </p>
        )}
      </div>

      <button type="submit" disabled={send.isPending} aria-busy={send.isPending || undefined} className={buttonClass}>
        {send.isPending && (
          <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none" />
        )}
        Send Message
      </button>
    </form>
  );
}
