import {
  CONTACT_ALL_REQUIRED,
  CONTACT_SEND_FAILED,
  ContactFormSchema,
  LICENSED_PROFESSIONAL_CONFIRMATION,
  LICENSED_PROFESSIONAL_REQUIRED,
  MESSAGE_MAX_LENGTH,
  SENDER_NAME_MAX_LENGTH,
} from '@benchmarket/shared';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { errorDetail, hasErrorCode } from '@/lib/api-client';
import { useAuth } from '@/lib/session/use-auth';
import { TextField, MessageField } from '@/components/ui/text-field';
import { useSendMessage } from '@/features/listings/api/send-message';
import { Button } from '@/components/ui/button';
import { useCheckedForm } from '@/components/ui/use-checked-form';
import { FormOutcome } from '@/components/ui/form-outcome';

/** Ours: the spec leaves the success text open. */
export const CONTACT_SENT = 'Your message has been sent to the seller.';

type Field = 'sender_name' | 'sender_email' | 'message';
type Values = Record<Field, string>;

/** The fields in the order of the form: a refused form moves the focus to the first to fix. */
const FIELD_ORDER: readonly Field[] = ['sender_name', 'sender_email', 'message'];

/** A first guess at the sender's name from their email ('jane.doe@…' → 'jane.doe'); editable. */
function nameFromEmail(email: string): string {
  return email.split('@')[0] ?? '';
}

/**
 * The contact form of a listing page for a logged-in user (spec §5, §8): name and email
 * pre-filled, POST /messages. Its own module because it validates with zod
 * (ContactFormSchema), which the panel loads only when a logged-in user needs the form.
 */
export function ContactForm({
  listingId,
  email,
  restricted = false,
  focusOnArrival = false,
}: {
  listingId: string;
  email: string;
  restricted?: boolean;
  /** The buyer came for this form ('Contact Seller' on a search card, issue 18): the message field takes the focus. */
  focusOnArrival?: boolean;
}) {
  const initial: Values = { sender_name: nameFromEmail(email), sender_email: email, message: '' };
  const [sent, setSent] = useState(false);
  // Issue 15: a listing for licensed professionals only asks the buyer to confirm being one.
  const [confirmed, setConfirmed] = useState(false);
  const [confirmationMissing, setConfirmationMissing] = useState(false);
  const confirmationId = useId();
  // spec §5: one text for any missing field.
  const { setValues, error, setError, errorId, formRef, submitWith, fieldProps } = useCheckedForm({
    schema: ContactFormSchema,
    initial,
    fieldOrder: FIELD_ORDER,
    requiredMessage: CONTACT_ALL_REQUIRED,
    onEdit: () => {
      setSent(false);
    },
  });
  const send = useSendMessage();
  const { refresh } = useAuth();

  useEffect(() => {
    if (!focusOnArrival) return;
    const message = formRef.current?.elements.namedItem('message');
    if (message instanceof HTMLElement) message.focus();
  }, [focusOnArrival, formRef]);

  const onSubmit = submitWith(
    async (request) => {
      if (restricted && !confirmed) {
        setConfirmationMissing(true);
        setError(LICENSED_PROFESSIONAL_REQUIRED);
        document.getElementById(confirmationId)?.focus();
        return;
      }
      try {
        await send.mutateAsync({ listing_id: listingId, ...request, ...(restricted && { licensed_professional: true as const }) });
        setValues(initial);
        setSent(true);
      } catch (cause) {
        // The server's detail: a suspended seller ('seller_unavailable'), too many messages, …
        setError(errorDetail(cause, CONTACT_SEND_FAILED));
        // The session thought the email verified: check again, so the panel offers the way out.
        if (hasErrorCode(cause, 'email_not_verified')) void refresh();
      }
    },
    {
      pending: send.isPending,
      reset: () => {
        setSent(false);
      },
    },
  );

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
      <TextField label="Name" {...fieldProps('sender_name')} autoComplete="name" required maxLength={SENDER_NAME_MAX_LENGTH} />
      <TextField label="Email" {...fieldProps('sender_email')} type="email" autoComplete="email" required />
      <MessageField
        {...fieldProps('message')}
        rows={5}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder="Ask about the condition, accessories, shipping…"
      />

      {restricted && (
        <div className="flex items-start gap-2">
          <input
            id={confirmationId}
            type="checkbox"
            name="licensed_professional"
            required
            checked={confirmed}
            aria-invalid={confirmationMissing || undefined}
            aria-describedby={confirmationMissing && error ? errorId : undefined}
            onChange={(event) => {
              setConfirmed(event.target.checked);
              setConfirmationMissing(false);
              setSent(false);
            }}
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-teal-700 aria-invalid:outline-2 aria-invalid:outline-red-600"
          />
          <label htmlFor={confirmationId} className="text-sm text-slate-800">
            {LICENSED_PROFESSIONAL_CONFIRMATION}
          </label>
        </div>
      )}

      <FormOutcome error={error} errorId={errorId} confirmation={sent ? CONTACT_SENT : null} />
      {/* Issue 16: the message opened (or continued) a conversation with the seller. */}
      {sent && (
        <p className="text-sm">
          <Link
            to={`/messages?listing=${encodeURIComponent(listingId)}`}
            className="font-medium text-teal-800 underline underline-offset-2"
          >
            Open the conversation
          </Link>
        </p>
      )}

      <Button type="submit" block pending={send.isPending}>
        Send Message
      </Button>
    </form>
  );
}
