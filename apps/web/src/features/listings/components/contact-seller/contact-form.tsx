import {
  CONTACT_ALL_REQUIRED,
  CONTACT_SEND_FAILED,
  ContactFormSchema,
  MESSAGE_MAX_LENGTH,
  SENDER_NAME_MAX_LENGTH,
} from '@benchmarket/shared';
import { useState } from 'react';
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
export function ContactForm({ listingId, email }: { listingId: string; email: string }) {
  const initial: Values = { sender_name: nameFromEmail(email), sender_email: email, message: '' };
  const [sent, setSent] = useState(false);
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

  const onSubmit = submitWith(
    async (request) => {
      try {
        await send.mutateAsync({ listing_id: listingId, ...request });
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

      <FormOutcome error={error} errorId={errorId} confirmation={sent ? CONTACT_SENT : null} />

      <Button type="submit" block pending={send.isPending}>
        Send Message
      </Button>
    </form>
  );
}
