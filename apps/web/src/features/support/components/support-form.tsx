import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCheckedForm } from '@/components/ui/use-checked-form';
import { useAuth } from '@/lib/session/use-auth';
import { errorDetail } from '@/lib/api-client';
import { TextField, MessageField } from '@/components/ui/text-field';
import { useSendSupportRequest } from '../api/send-support-request';
import {
  SUPPORT_FIELDS_REQUIRED,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_NAME_MAX_LENGTH,
  SUPPORT_SEND_FAILED,
  SUPPORT_SUBJECT_MAX_LENGTH,
  SupportFormSchema,
  type SupportFormField,
  type SupportFormValues,
} from '../support-form-schema';
import { FormOutcome } from '@/components/ui/form-outcome';

/**
 * The support form: Name, Email (pre-filled for a logged-in user), Subject (optional) and
 * Message, sent to POST /support, which mails the support address of the configuration.
 * Success shows the server's message; a failure its detail or a fallback (spec §8's rule).
 */
export function SupportForm() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner label="Loading the form…" className="py-10" />;
  // A new form when the account changes, so its email is the one pre-filled.
  return <SupportFormFields key={user?.id ?? 'visitor'} email={user?.email ?? ''} />;
}

/** The fields in the order of the form: a refused form moves the focus to the first to fix. */
const FIELD_ORDER: readonly SupportFormField[] = ['name', 'email', 'subject', 'message'];

function SupportFormFields({ email }: { email: string }) {
  const initial: SupportFormValues = { name: '', email, subject: '', message: '' };
  const { setValues, error, setError, errorId, formRef, submitWith, fieldProps } = useCheckedForm({
    schema: SupportFormSchema,
    initial,
    fieldOrder: FIELD_ORDER,
    requiredMessage: SUPPORT_FIELDS_REQUIRED,
    clearMarkOnEdit: true,
  });
  const [sent, setSent] = useState<string | null>(null);
  const send = useSendSupportRequest();

  const onSubmit = submitWith(
    async (request) => {
      try {
        const answer = await send.mutateAsync(request);
        setSent(answer.message);
        // Keep who wrote; clear what was written, ready for another message.
        setValues((current) => ({ ...current, subject: '', message: '' }));
      } catch (cause) {
        setError(errorDetail(cause, SUPPORT_SEND_FAILED));
      }
    },
    {
      pending: send.isPending,
      reset: () => {
        setSent(null);
      },
    },
  );

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" {...fieldProps('name')} autoComplete="name" required maxLength={SUPPORT_NAME_MAX_LENGTH} />
        <TextField label="Email" {...fieldProps('email')} type="email" autoComplete="email" required />
      </div>
      <TextField
        label={
          <>
            Subject <span className="font-normal text-slate-600">(optional)</span>
          </>
        }
        {...fieldProps('subject')}
        maxLength={SUPPORT_SUBJECT_MAX_LENGTH}
        placeholder="e.g. Invoice for my last payment"
      />
      <MessageField
        {...fieldProps('message')}
        rows={6}
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
        placeholder="How can we help? Include the listing's title or link if it is about one."
      />

      <FormOutcome error={error} errorId={errorId} confirmation={sent} padding="px-4 py-3" />

      <Button type="submit" block pending={send.isPending} className="sm:w-auto">
        Send Message
      </Button>
    </form>
  );
}
